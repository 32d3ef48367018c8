// @vitest-environment node
/**
 * The initial load's write path (pull.ts applyPage, issue #16 item 4): while the feed is read
 * from its start, rows are written without reading every id back first, yet a row with a
 * local unsent entry is still read, guarded and rebased; afterwards every row is guarded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { pullState } from '../db/meta-repository';
import type { Change, PullResponse } from '../domain/sync-contract';
import { applyPage, pullAll, resetSyncedData } from './pull';
import { freshDb, mutatorFor, pipeInput, seedMachine, serverRow } from '../../tests/fixtures/sync';
import type { Transport } from './transport';

let db: SchlauchDb;
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

describe('pullAll', () => {
  it('asks for the next page before it writes the current one; a failed write keeps the cursor', async () => {
    db = freshDb();
    const events: string[] = [];
    const rows = manufacturers(3, 'P');
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
    expect(events).toEqual(['get start', 'get c1', 'write 1', 'get c2', 'write 2']);
    expect(await pullState(db)).toEqual({ cursor: 'c1', scope: 'staff', initialLoad: true });
    expect(await table.count()).toBe(1);
  });
});
