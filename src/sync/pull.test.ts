// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow, listPipes } from '../db/entity-repository';
import { pullState } from '../db/meta-repository';
import type { Change, PullResponse } from '../domain/sync-contract';
import { HttpError } from '../lib/api/http-errors';
import { applyPage, FIRST_LOAD_PAGE, pullAll, PULL_LIMIT, type PullProgress } from './pull';
import { freshDb, mutatorFor, pipeInput, seedMachine, serverRow } from '@tests/fixtures/sync';
import type { Transport } from './transport';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const page = (
  changes: Change[],
  nextCursor: string,
  hasMore = false,
  scope = 'staff',
): PullResponse => ({
  changes,
  nextCursor,
  hasMore,
  scope,
});
const upsert = (entity: string, row: ReturnType<typeof serverRow>): Change => ({
  entity,
  id: row.id,
  version: row.version,
  row,
});

/** Answers GET /sync/pull from a list of pages (or errors), recording the URLs asked. */
function feed(answers: (PullResponse | Error)[]) {
  const urls: string[] = [];
  const transport: Transport = {
    post: async () => null,
    get: async (path) => {
      urls.push(path);
      const next = answers.shift();
      if (!next) throw new Error('no more pages');
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { transport, urls };
}

describe('applyPage', () => {
  it('upserts rows, removes deleted ones and stores the cursor', async () => {
    db = freshDb();
    const { machineId, companyId } = await seedMachine(db);
    const manufacturer = serverRow({ name: 'Neu' });
    await applyPage(
      db,
      page(
        [
          upsert('manufacturer', manufacturer),
          { entity: 'machine', id: machineId, version: 4, deleted: true },
          { entity: 'profile', id: companyId, version: 1, row: {} },
        ],
        'c1',
      ),
    );
    expect(await getRow(db, 'manufacturer', manufacturer.id)).toEqual(manufacturer);
    expect(await db.table('machine').get(machineId)).toBeUndefined();
    expect(await pullState(db)).toEqual({ cursor: 'c1', scope: 'staff' });
  });

  it('leaves data and cursor as they were when the page fails to apply', async () => {
    db = freshDb();
    await seedMachine(db);
    await applyPage(db, page([], 'c1'));
    db.table('product').hook('creating', () => {
      throw new Error('quota');
    });
    const manufacturer = serverRow({ name: 'Neu' });
    const product = serverRow({ name: 'Schlauch' });
    await expect(
      applyPage(db, page([upsert('manufacturer', manufacturer), upsert('product', product)], 'c2')),
    ).rejects.toThrow('quota');
    expect(await db.table('manufacturer').get(manufacturer.id)).toBeUndefined();
    expect(await pullState(db)).toEqual({ cursor: 'c1', scope: 'staff' });
  });

  it('lays queued local changes over pulled rows; local creates stay; older rows are ignored', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const mine = await mutate.update('machine', machineId, { comment: 'mine' });
    const pipe = await mutate.create('pipe', pipeInput(machineId));
    const pulled = { ...mine, version: 4, comment: 'server', positionOnLocation: 'Halle 2' };
    await applyPage(db, page([upsert('machine', pulled)], 'c1'));
    expect(await getRow(db, 'machine', machineId)).toMatchObject({
      version: 4,
      comment: 'mine',
      positionOnLocation: 'Halle 2',
    });
    expect(await listPipes(db, machineId)).toEqual([pipe]);
    await applyPage(db, page([upsert('machine', { ...pulled, version: 2, comment: 'old' })], 'c2'));
    expect((await getRow(db, 'machine', machineId))?.version).toBe(4);
  });

  it('keeps a local delete over a pulled row', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const deleted = await mutatorFor(db).remove('machine', machineId);
    await applyPage(
      db,
      page([upsert('machine', { ...deleted, deletedAt: null, version: 4 })], 'c1'),
    );
    expect(await getRow(db, 'machine', machineId)).toBeUndefined();
  });
});

describe('pullAll', () => {
  it('reads page after page from the stored cursor and reports progress', async () => {
    db = freshDb();
    const a = serverRow({ name: 'A' });
    const b = serverRow({ name: 'B' });
    const { transport, urls } = feed([
      page([upsert('manufacturer', a)], 'c1', true),
      page([upsert('manufacturer', b)], 'c2'),
    ]);
    const seen: PullProgress[] = [];
    const done = await pullAll(db, transport, {
      limit: 1,
      onProgress: (p) => seen.push(p),
    });
    expect(urls).toEqual(['/sync/pull?limit=1', '/sync/pull?limit=1&cursor=c1']);
    expect(seen).toEqual([
      { received: 1, done: false },
      { received: 2, done: true },
    ]);
    expect(done).toEqual({ received: 2, done: true });
    expect(await db.table('manufacturer').count()).toBe(2);
  });

  it('a new device asks for a small first page, then full ones', async () => {
    db = freshDb();
    const { transport, urls } = feed([page([], 'c1', true), page([], 'c2')]);
    await pullAll(db, transport);
    expect(urls).toEqual([
      `/sync/pull?limit=${FIRST_LOAD_PAGE}`,
      `/sync/pull?limit=${PULL_LIMIT}&cursor=c1`,
    ]);
    expect(FIRST_LOAD_PAGE).toBeLessThan(PULL_LIMIT);
  });

  it('410: clears the synced data but queued rows and the outbox, then starts over', async () => {
    db = freshDb();
    const { machineId, companyId } = await seedMachine(db);
    const pipe = await mutatorFor(db).create('pipe', pipeInput(machineId));
    await applyPage(db, page([], 'old'));
    const gone = new HttpError(410, 'cursor_expired', 'cursor too old', null);
    const company = serverRow({ id: companyId, companyId, name: 'Kunde', version: 2 });
    const { transport, urls } = feed([gone, page([upsert('company', company)], 'c9')]);
    await pullAll(db, transport);
    // Starting over is a load: its first page is a small one.
    expect(urls[1]).toBe(`/sync/pull?limit=${FIRST_LOAD_PAGE}`);
    expect(await db.table('machine').count()).toBe(0);
    expect(await getRow(db, 'company', companyId)).toEqual(company);
    expect(await getRow(db, 'pipe', pipe.id)).toEqual(pipe);
    expect(await db.outbox.count()).toBe(1);
    expect(await pullState(db)).toEqual({ cursor: 'c9', scope: 'staff' });
  });

  it('a changed scope re-bootstraps the same way', async () => {
    db = freshDb();
    await seedMachine(db);
    await applyPage(db, page([], 'c1', false, 'staff'));
    const { transport, urls } = feed([
      page([], 'x', false, 'customer:1'),
      page([], 'c2', false, 'customer:1'),
    ]);
    await pullAll(db, transport);
    expect(urls).toEqual([
      `/sync/pull?limit=${PULL_LIMIT}&cursor=c1`,
      `/sync/pull?limit=${FIRST_LOAD_PAGE}`,
    ]);
    expect(await db.table('machine').count()).toBe(0);
    expect(await pullState(db)).toEqual({ cursor: 'c2', scope: 'customer:1' });
  });
});
