// @vitest-environment node
/**
 * A screen's live query sees every mutate() write as it sees any Dexie write (docs/sync.md
 * "The device's engine"): the row over an index of its table, the changed row over a result
 * Dexie had cached, and the queued entry.
 */
import { liveQuery } from 'dexie';
import { afterEach, expect, it } from 'vitest';
import type { SchlauchDb } from '@db/database';
import type { StoredRow } from '@db/entity-tables';
import { freshDb, mutatorFor, pipeInput, seedMachine } from '@tests/fixtures/sync';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

/** Subscribes to a live query; `next(pred)` resolves with the first value matching `pred`. */
function watch<T>(query: () => Promise<T>) {
  const values: T[] = [];
  const waiters: { pred: (v: T) => boolean; resolve: (v: T) => void }[] = [];
  const sub = liveQuery(query).subscribe({
    next: (v) => {
      values.push(v);
      for (const w of [...waiters]) {
        if (w.pred(v)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(v);
        }
      }
    },
  });
  return {
    stop: () => sub.unsubscribe(),
    next: (pred: (v: T) => boolean) =>
      new Promise<T>((resolve, reject) => {
        const seen = values.find(pred);
        if (seen !== undefined) return resolve(seen);
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error(`no match in ${JSON.stringify(values)}`)), 2000);
      }),
  };
}

it('shows a create to a live query over an index of the table, and its entry to the outbox’s', async () => {
  db = freshDb();
  const { machineId } = await seedMachine(db);
  const hoses = watch(() => db.table('pipe').where('machineId').equals(machineId).toArray());
  const queued = watch(() => db.outbox.count());
  await hoses.next((rows) => rows.length === 0);
  await queued.next((n) => n === 0);
  const row = await mutatorFor(db).create('pipe', pipeInput(machineId));
  expect((await hoses.next((rows) => rows.length === 1))[0]).toEqual(row);
  await queued.next((n) => n === 1);
  hoses.stop();
  queued.stop();
});

it('shows an update over a cached row, and a new query reads it, not the cache', async () => {
  db = freshDb();
  const { machineId } = await seedMachine(db);
  const mutate = mutatorFor(db);
  const row = await mutate.create('pipe', pipeInput(machineId));
  const live = watch(() => db.table<StoredRow, string>('pipe').get(row.id));
  await live.next((r) => r?.isCritical === false);
  await mutate.update('pipe', row.id, { isCritical: true });
  await live.next((r) => r?.isCritical === true);
  const again = watch(() => db.table<StoredRow, string>('pipe').get(row.id));
  expect(await again.next(() => true)).toMatchObject({ isCritical: true });
  live.stop();
  again.stop();
});
