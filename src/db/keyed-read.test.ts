import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import { freshDb, pipeRow } from '@tests/fixtures/sync';
import type { SchlauchDb } from './database';
import type { OutboxEntry } from './records';
import { rowTable } from './entity-repository';
import { readKeys } from './keyed-read';

/** Counts the read requests IndexedDB is sent (get / getAll on stores and indexes). */
function countReads() {
  const patched: Array<() => void> = [];
  let count = 0;
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype] as const) {
    for (const name of ['get', 'getAll'] as const) {
      const original = proto[name] as (...args: unknown[]) => IDBRequest;
      (proto as unknown as Record<string, unknown>)[name] = function (
        this: unknown,
        ...args: unknown[]
      ) {
        count += 1;
        return original.apply(this, args);
      };
      patched.push(() => {
        (proto as unknown as Record<string, unknown>)[name] = original;
      });
    }
  }
  return { read: () => count, stop: () => patched.forEach((undo) => undo()) };
}

const entryOf = (localSeq: number, recordId: string) =>
  ({ localSeq, mutationId: uuidv7(), recordId, userId: 'u1', state: 'pending' }) as OutboxEntry;

describe('readKeys', () => {
  let db: SchlauchDb;
  let reads: ReturnType<typeof countReads>;
  const ids = Array.from({ length: 40 }, () => uuidv7());
  const rows = ids.map((id, i) =>
    pipeRow({ id, companyId: 'c1', machineId: 'm1', position: i, code: `H-${i}` }),
  );

  beforeEach(async () => {
    db = freshDb();
    await rowTable(db, 'pipe').bulkPut(rows);
    reads = countReads();
  });
  afterEach(async () => {
    reads.stop();
    await db.delete();
  });

  it('reads keys that lie together in one request', async () => {
    const wanted = ids.slice(10, 30);
    const found = await readKeys(rowTable(db, 'pipe'), ':id', wanted, (r) => r.id);
    expect(found.map((r) => r.id)).toEqual(wanted);
    expect(reads.read()).toBe(1);
  });

  it('leaves out the values between the keys that were not asked for', async () => {
    const wanted = [ids[3]!, ids[5]!, ids[7]!, ids[2]!, ids[5]!];
    const found = await readKeys(rowTable(db, 'pipe'), ':id', wanted, (r) => r.id);
    expect(found.map((r) => r.id)).toEqual([ids[2], ids[3], ids[5], ids[7]]);
    expect(reads.read()).toBe(1);
  });

  it('reads scattered keys one request each, after one ranged read that found too many', async () => {
    const wanted = [ids[0]!, ids[39]!, 'no-such-id'];
    const found = await readKeys(rowTable(db, 'pipe'), ':id', wanted, (r) => r.id);
    expect(found.map((r) => r.id).sort()).toEqual([ids[0], ids[39]].sort());
    expect(reads.read()).toBe(1 + 3);
  });

  it('finds every value of a key in an index (several entries of one record)', async () => {
    const [a, b, c] = [uuidv7(), uuidv7(), uuidv7()];
    await db.outbox.bulkAdd([entryOf(1, a), entryOf(2, b), entryOf(3, a), entryOf(4, c)]);
    const found = await readKeys(db.outbox, 'recordId', [c, a], (e) => e.recordId ?? '', 4);
    expect(found.map((e) => e.localSeq).sort()).toEqual([1, 3, 4]);
  });

  it('reads nothing for no keys, and a single key directly', async () => {
    expect(await readKeys(rowTable(db, 'pipe'), ':id', [], (r) => r.id)).toEqual([]);
    expect(reads.read()).toBe(0);
    const one = await readKeys(rowTable(db, 'pipe'), ':id', [ids[4]!], (r) => r.id);
    expect(one.map((r) => r.id)).toEqual([ids[4]]);
    expect(reads.read()).toBe(1);
  });
});
