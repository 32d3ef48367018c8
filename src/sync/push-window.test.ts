// @vitest-environment node
/**
 * prepareBatch reads the queue only up to its last numbered entry and a batch beyond
 * (`ClientState.numberedTo`), not every queued entry for every batch — and makes exactly the
 * batches a read of the whole queue makes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { clientKey, clientState, dropNumbered, type ClientState } from '../db/meta-repository';
import { prepareBatch, releaseBatch, type Batch } from './push';
import {
  freshDb,
  mutatorFor,
  OTHER_USER,
  pipeInput,
  seedMachine,
  USER,
} from '@tests/fixtures/sync';

const dbs: SchlauchDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});
const newDb = () => {
  const db = freshDb();
  dbs.push(db);
  return db;
};

/** A new database with `n` hose creates of USER queued. */
async function queuedHoses(n: number): Promise<SchlauchDb> {
  const db = newDb();
  const { machineId } = await seedMachine(db);
  const mutate = mutatorFor(db);
  for (let i = 1; i <= n; i++) await mutate.create('pipe', pipeInput(machineId, i));
  return db;
}

/** Counts the outbox entries IndexedDB hands back (getAll on the outbox and its indexes). */
function countEntriesRead() {
  let count = 0;
  const original = IDBIndex.prototype.getAll;
  IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
    const request = original.apply(this, args);
    if (this.objectStore.name === 'outbox') {
      request.addEventListener('success', () => {
        count += (request.result as unknown[]).length;
      });
    }
    return request;
  };
  return { read: () => count, stop: () => (IDBIndex.prototype.getAll = original) };
}

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stores answers to part of `batch`: applied ones go, rejected ones stay with their seq. */
async function answer(db: SchlauchDb, batch: Batch, pick: () => number) {
  await db.transaction('rw', [db.outbox, db.meta], async () => {
    const gone: number[] = [];
    for (const e of batch.entries) {
      const r = pick();
      if (r < 0.6) gone.push(e.localSeq);
      else if (r < 0.85) await db.outbox.update(e.localSeq, { state: 'rejected', seq: e.seq });
      else break; // the rest of the batch is not answered
    }
    await db.outbox.bulkDelete(gone);
    await dropNumbered(db, USER, [...gone, ...batch.entries.map((e) => e.localSeq)]);
  });
}

describe('prepareBatch reads a window of the queue', () => {
  it('reads the batch ahead and one batch beyond it, not the whole queue', async () => {
    const db = await queuedHoses(400);
    let reads = countEntriesRead();
    const first = (await prepareBatch(db, USER, Date.now(), 50))!;
    reads.stop();
    expect(reads.read()).toBe(50 + 16);
    expect((await clientState(db, USER)).numberedTo).toBe(50);

    reads = countEntriesRead();
    const ahead = (await prepareBatch(db, USER, Date.now(), 50, first))!;
    reads.stop();
    expect(ahead.entries.map((e) => e.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 51 + i));
    expect(reads.read()).toBe(50 + 50 + 16);
    expect((await clientState(db, USER)).numberedTo).toBe(100);
  });

  it('reads the whole queue once for a stream an earlier version made (no mark)', async () => {
    const db = await queuedHoses(100);
    // Numbered by an earlier version: the seqs on the entries, the stream without a mark.
    await db.outbox
      .where('localSeq')
      .between(61, 70, true, true)
      .modify((e) => {
        e.seq = e.localSeq - 60;
      });
    await db.meta.put({
      key: clientKey(USER),
      value: { clientId: crypto.randomUUID(), lastSeq: 10, broken: null },
    });
    const reads = countEntriesRead();
    const batch = (await prepareBatch(db, USER, Date.now(), 15))!;
    reads.stop();
    expect(reads.read()).toBe(100);
    expect(batch.entries.map((e) => [e.localSeq, e.seq])).toEqual([
      ...Array.from({ length: 10 }, (_, i) => [61 + i, 1 + i]),
      [1, 11],
      [2, 12],
      [3, 13],
      [4, 14],
      [5, 15],
    ]);
    expect((await clientState(db, USER)).numberedTo).toBe(70);
  });

  it('reads further while rejected entries at the front fill its window', async () => {
    const db = await queuedHoses(100);
    const first = (await prepareBatch(db, USER, Date.now(), 40))!;
    await db.outbox.where('localSeq').belowOrEqual(40).modify({ state: 'rejected' });
    await db.outbox
      .where('localSeq')
      .belowOrEqual(40)
      .modify((e) => {
        e.seq = first.entries.find((b) => b.localSeq === e.localSeq)!.seq;
      });
    await dropNumbered(
      db,
      USER,
      first.entries.map((e) => e.localSeq),
    );
    const next = (await prepareBatch(db, USER, Date.now(), 40))!;
    expect(next.entries.map((e) => [e.localSeq, e.seq])).toEqual(
      Array.from({ length: 40 }, (_, i) => [41 + i, 41 + i]),
    );
  });

  it('makes the batches a read of the whole queue makes, over random queues and answers', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const [windowed, whole] = [newDb(), newDb()];
      const made: Array<Array<Array<[number, number | null]>>> = [[], []];
      for (const [k, db] of [windowed, whole].entries()) {
        const rnd = random(seed);
        const { machineId, companyId, manufacturerId } = await seedMachine(db);
        const mutate = mutatorFor(db);
        const other = mutatorFor(db, OTHER_USER);
        const hoses: string[] = [];
        const queue = async (n: number) => {
          for (let i = 0; i < n; i++) {
            const r = rnd();
            if (r < 0.45 || hoses.length === 0) {
              hoses.push((await mutate.create('pipe', pipeInput(machineId, hoses.length))).id);
            } else if (r < 0.75) {
              const id = hoses[Math.floor(rnd() * hoses.length)]!;
              await mutate.update('pipe', id, { length: i + 1 });
            } else if (r < 0.88) {
              // A machine and a hose on it: the hose depends on the machine's create.
              const m = await mutate.create('machine', {
                companyId,
                manufacturerId,
                internalId: `M-${seed}-${hoses.length}`,
              });
              hoses.push((await mutate.create('pipe', pipeInput(m.id, 1))).id);
            } else {
              await other.create('pipe', pipeInput(machineId, 10_000 + i));
            }
          }
        };
        await queue(60);
        let onWire: Batch | null = null;
        for (let step = 0; step < 40; step++) {
          if (db === whole) {
            // No mark: prepareBatch reads the whole queue, as before the window.
            const state = (await db.meta.get(clientKey(USER)))?.value as ClientState | undefined;
            if (state) {
              const { numberedTo: _dropped, ...rest } = state;
              await db.meta.put({ key: clientKey(USER), value: rest });
            }
          }
          const r = rnd();
          const max = 1 + Math.floor(rnd() * 8);
          const batch: Batch | null = await prepareBatch(
            db,
            USER,
            Date.now(),
            max,
            onWire ?? undefined,
          );
          made[k]!.push(batch?.entries.map((e) => [e.localSeq, e.seq]) ?? []);
          if (onWire) await answer(db, onWire, rnd);
          if (batch && r < 0.2) await releaseBatch(db, batch, 'offline', true);
          onWire = batch && r >= 0.2 ? batch : null;
          if (rnd() < 0.3) await queue(5);
        }
      }
      expect(made[0], `seed ${seed}`).toEqual(made[1]);
      expect(made[0]!.flat().length, `seed ${seed}`).toBeGreaterThan(20);
    }
    // Twelve seeds of two databases of ≈ 120 saves each: ≈ 18 s on a shared two-core machine.
  }, 60_000);
});
