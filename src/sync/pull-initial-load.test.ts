// @vitest-environment node
/**
 * The initial load's write path (pull.ts applyPage): while the feed is read
 * from its start, rows are written without reading every id back first, yet a row with a
 * local unsent entry is still read, guarded and rebased; afterwards every row is guarded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { pullState } from '../db/meta-repository';
import type { Change, PullResponse } from '../domain/sync-contract';
import { applyLoadPage, applyPage, pullAll, resetSyncedData } from './pull';
import { freshDb, mutatorFor, pipeInput, seedMachine, serverRow } from '@tests/fixtures/sync';
import type { Transport } from './transport';

let db: SchlauchDb;
const noop = () => undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await db?.delete();
});

const page = (changes: Change[], nextCursor: string, hasMore = false): PullResponse => ({
  changes,
  nextCursor,
  hasMore,
  scope: 'staff',
});
const upsert = (entity: string, row: ReturnType<typeof serverRow>): Change => ({
  entity,
  id: row.id,
  version: row.version,
  row,
});
const manufacturers = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => serverRow({ name: `${prefix} ${i + 1}` }));

/** The ids each bulkGet of `entity`'s table asked for. */
function bulkGetsOf(entity: string) {
  const asked: string[][] = [];
  const table = db.table(entity);
  const original = table.bulkGet.bind(table);
  vi.spyOn(table, 'bulkGet').mockImplementation((keys) => {
    asked.push([...(keys as string[])]);
    return original(keys);
  });
  return asked;
}

describe('applyPage while the feed is read from its start', () => {
  it('writes every row of every page without reading them back; the flag ends with the feed', async () => {
    db = freshDb();
    const asked = bulkGetsOf('manufacturer');
    const first = manufacturers(3, 'A');
    const second = manufacturers(2, 'B');
    await applyPage(
      db,
      page(
        first.map((r) => upsert('manufacturer', r)),
        'c1',
        true,
      ),
    );
    expect(await pullState(db)).toEqual({ cursor: 'c1', scope: 'staff', initialLoad: true });
    await applyPage(
      db,
      page(
        second.map((r) => upsert('manufacturer', r)),
        'c2',
      ),
    );
    expect(asked).toEqual([]);
    for (const row of [...first, ...second]) {
      expect(await getRow(db, 'manufacturer', row.id)).toEqual(row);
    }
    expect(await pullState(db)).toEqual({ cursor: 'c2', scope: 'staff' });

    // Once loaded, a page's rows are read first: an older row never replaces a newer one.
    const [a] = first;
    await db.table('manufacturer').put({ ...a, version: 5, name: 'pushed' });
    await applyPage(db, page([upsert('manufacturer', { ...a!, version: 4, name: 'old' })], 'c3'));
    expect(asked).toEqual([[a!.id]]);
    expect(await getRow(db, 'manufacturer', a!.id)).toMatchObject({ version: 5, name: 'pushed' });
  });

  it('after a reset, a kept row with an unsent edit is read, guarded and rebased', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'mine' });
    const pipe = await mutate.create('pipe', pipeInput(machineId));
    await applyPage(db, page([], 'old'));
    await resetSyncedData(db); // a 410: the feed starts again, the queued rows stay
    const asked = bulkGetsOf('machine');
    const kept = (await getRow(db, 'machine', machineId))!;
    const others = manufacturers(2, 'M');
    await applyPage(
      db,
      page(
        [
          upsert('machine', { ...kept, version: 4, comment: 'server', positionOnLocation: 'H2' }),
          ...others.map((r) => upsert('manufacturer', r)),
        ],
        'c1',
        true,
      ),
    );
    // Only the row with a queued entry was read back.
    expect(asked).toEqual([[machineId]]);
    expect(await getRow(db, 'machine', machineId)).toMatchObject({
      version: 4,
      comment: 'mine',
      positionOnLocation: 'H2',
    });
    const [update] = (await db.outbox.toArray()).filter((e) => e.recordId === machineId);
    expect(update?.serverBase).toEqual({ version: 4, values: { comment: 'server' } });
    expect(await getRow(db, 'pipe', pipe.id)).toEqual(pipe);
    for (const row of others) expect(await getRow(db, 'manufacturer', row.id)).toEqual(row);

    // Still loading: an older copy of the queued row does not replace the newer one.
    await applyPage(db, page([upsert('machine', { ...kept, version: 2, comment: 'x' })], 'c2'));
    expect(await getRow(db, 'machine', machineId)).toMatchObject({ version: 4, comment: 'mine' });
  });
});

describe('applyLoadPage (a load page written before its reads answer)', () => {
  it('stores a page on the cursor it was asked with; on another cursor it keeps nothing', async () => {
    db = freshDb();
    const rows = manufacturers(2, 'L');
    expect(
      await applyLoadPage(db, page([upsert('manufacturer', rows[0]!)], 'c1', true), null, noop),
    ).toBe(true);
    expect(await pullState(db)).toEqual({ cursor: 'c1', scope: 'staff', initialLoad: true });
    // Asked with c7, but c1 is stored (the page before c7 never was): nothing of it stays.
    expect(
      await applyLoadPage(db, page([upsert('manufacturer', rows[1]!)], 'c8', true), 'c7', noop),
    ).toBe(false);
    expect(await pullState(db)).toEqual({ cursor: 'c1', scope: 'staff', initialLoad: true });
    expect(await getRow(db, 'manufacturer', rows[1]!.id)).toBeUndefined();
    // Once the load is over, a page is not written this way.
    expect(
      await applyLoadPage(db, page([upsert('manufacturer', rows[1]!)], 'c2'), 'c1', noop),
    ).toBe(true);
    expect(await pullState(db)).toEqual({ cursor: 'c2', scope: 'staff' });
    expect(
      await applyLoadPage(db, page([upsert('manufacturer', rows[0]!)], 'c3'), 'c2', noop),
    ).toBe(false);
  });

  it('two pages started together are stored in order; behind a failed page nothing is kept', async () => {
    db = freshDb();
    const [a, b, c] = manufacturers(3, 'T');
    const first = applyLoadPage(db, page([upsert('manufacturer', a!)], 'c1', true), null, noop);
    const second = applyLoadPage(db, page([upsert('manufacturer', b!)], 'c2', true), 'c1', noop);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(await db.table('manufacturer').count()).toBe(2);
    expect(await pullState(db)).toEqual({ cursor: 'c2', scope: 'staff', initialLoad: true });

    const table = db.table('manufacturer');
    const bulkPut = table.bulkPut.bind(table);
    let calls = 0;
    vi.spyOn(table, 'bulkPut').mockImplementation((items) =>
      ++calls === 1 ? (Promise.reject(new Error('quota')) as never) : bulkPut(items as never),
    );
    const failing = applyLoadPage(db, page([upsert('manufacturer', c!)], 'c3', true), 'c2', noop);
    const behind = applyLoadPage(db, page([upsert('manufacturer', c!)], 'c4', true), 'c3', noop);
    await expect(failing).rejects.toThrow('quota');
    expect(await behind).toBe(false);
    expect(await table.count()).toBe(2);
    expect(await pullState(db)).toEqual({ cursor: 'c2', scope: 'staff', initialLoad: true });
  });

  it('a page with a row the outbox refers to is not written blind; pullAll writes it the careful way', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).update('machine', machineId, { comment: 'mine' });
    await applyPage(db, page([], 'old'));
    await resetSyncedData(db); // a 410: the feed starts again, the queued row stays
    const kept = (await getRow(db, 'machine', machineId))!;
    const changed = upsert('machine', {
      ...kept,
      version: 3,
      comment: 'server',
      positionOnLocation: 'H7',
    });
    expect(await applyLoadPage(db, page([changed], 'c1'), null, noop)).toBe(false);
    expect(await getRow(db, 'machine', machineId)).toMatchObject({ version: kept.version });

    const others = manufacturers(2, 'O');
    const pages = [
      page(
        others.map((r) => upsert('manufacturer', r)),
        'c1',
        true,
      ),
      page([changed], 'c2'),
    ];
    const transport: Transport = { post: async () => null, get: async () => pages.shift() };
    expect(await pullAll(db, transport)).toEqual({ received: 3, done: true });
    expect(await getRow(db, 'machine', machineId)).toMatchObject({
      version: 3,
      comment: 'mine',
      positionOnLocation: 'H7',
    });
    for (const row of others) expect(await getRow(db, 'manufacturer', row.id)).toEqual(row);
    expect(await pullState(db)).toEqual({ cursor: 'c2', scope: 'staff' });
  });
});

describe('pullAll', () => {
  it('asks for the next page once the current one is being written; a failed write keeps the cursor', async () => {
    db = freshDb();
    const events: string[] = [];
    const rows = manufacturers(4, 'P');
    const pages = rows.map((r, i) =>
      page([upsert('manufacturer', r)], `c${i + 1}`, i < rows.length - 1),
    );
    const transport: Transport = {
      post: async () => null,
      get: async (path) => {
        events.push(`get ${path.includes('cursor=') ? path.split('cursor=')[1] : 'start'}`);
        return pages.shift();
      },
    };
    const table = db.table('manufacturer');
    const bulkPut = table.bulkPut.bind(table);
    let writes = 0;
    vi.spyOn(table, 'bulkPut').mockImplementation((items) => {
      events.push(`write ${++writes}`);
      if (writes === 2) return Promise.reject(new Error('quota')) as never;
      return bulkPut(items as never);
    });
    await expect(pullAll(db, transport)).rejects.toThrow('quota');
    // Page 3 may have been asked for and written blind meanwhile; nothing behind the failed
    // page is kept.
    expect(events.slice(0, 4)).toEqual(['get start', 'write 1', 'get c1', 'write 2']);
    expect(await pullState(db)).toEqual({ cursor: 'c1', scope: 'staff', initialLoad: true });
    expect(await table.count()).toBe(1);
  });
});
