// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { freshDb, mutatorFor, pipeInput, seedMachine } from '@tests/fixtures/sync';
import type { SchlauchDb } from './database';
import {
  acknowledgeStorageWiped,
  databaseDeviceId,
  detectStorageWiped,
  OUTBOX_MARKER_KEY,
  outboxMarker,
  readMarker,
  storageWiped,
  watchOutboxMarker,
} from './storage-marker';

/** localStorage as a map (the node test environment has none). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const dbs: SchlauchDb[] = [];
const fresh = () => {
  const db = freshDb();
  dbs.push(db);
  return db;
};
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('the outbox marker outside IndexedDB', () => {
  it('follows the outbox: its database id, the unsent count and the oldest entry', async () => {
    const storage = memoryStorage();
    const db = fresh();
    const { machineId } = await seedMachine(db);
    expect(await detectStorageWiped(db, storage)).toBeNull();
    const stop = watchOutboxMarker(db, storage);
    await mutatorFor(db).create('pipe', pipeInput(machineId, 1));
    await mutatorFor(db).create('pipe', pipeInput(machineId, 2));
    await until(() => readMarker(storage)?.pending === 2);
    const first = (await db.outbox.orderBy(':id').first())!;
    expect(readMarker(storage)).toMatchObject({
      deviceId: await databaseDeviceId(db),
      oldestAt: first.createdAt,
    });
    await db.outbox.clear();
    await until(() => readMarker(storage)?.pending === 0);
    stop();
  });

  it('finds a database that vanished with unsent work, once, and says what was lost', async () => {
    const storage = memoryStorage();
    const old = fresh();
    const { machineId } = await seedMachine(old);
    await detectStorageWiped(old, storage);
    await mutatorFor(old).create('pipe', pipeInput(machineId, 1));
    await mutatorFor(old).create('pipe', pipeInput(machineId, 2));
    await mutatorFor(old).create('pipe', pipeInput(machineId, 3));
    const marker = await outboxMarker(old);
    storage.setItem(OUTBOX_MARKER_KEY, JSON.stringify(marker));

    // The browser deleted the database: the next start opens a new, empty one.
    const now = new Date('2026-11-28T08:00:00Z');
    const wiped = await detectStorageWiped(fresh(), storage, now);
    expect(wiped).toEqual({
      lost: 3,
      oldestAt: marker.oldestAt,
      lastSeenAt: marker.updatedAt,
      detectedAt: now.toISOString(),
    });
    const db = dbs.at(-1)!;
    expect(await storageWiped(db)).toEqual(wiped);
    // The marker describes the new database now: the next start finds nothing new.
    expect(await detectStorageWiped(db, storage)).toBeNull();
    await acknowledgeStorageWiped(db);
    expect(await storageWiped(db)).toMatchObject({ lost: 3, acknowledged: true });
  });

  it('finds nothing when the same database is still there, or nothing was unsent', async () => {
    const storage = memoryStorage();
    const db = fresh();
    const { machineId } = await seedMachine(db);
    await detectStorageWiped(db, storage);
    await mutatorFor(db).create('pipe', pipeInput(machineId, 1));
    storage.setItem(OUTBOX_MARKER_KEY, JSON.stringify(await outboxMarker(db)));
    expect(await detectStorageWiped(db, storage)).toBeNull();

    // Gone with nothing unsent: nothing was lost.
    const empty = memoryStorage();
    empty.setItem(
      OUTBOX_MARKER_KEY,
      JSON.stringify({ deviceId: 'gone', pending: 0, oldestAt: null, updatedAt: '' }),
    );
    expect(await detectStorageWiped(fresh(), empty)).toBeNull();
    // No marker (the version before it, or localStorage cleared too): nothing to say.
    expect(await detectStorageWiped(fresh(), memoryStorage())).toBeNull();
  });
});
