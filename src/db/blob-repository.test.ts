import { afterEach, describe, expect, it } from 'vitest';
import { freshDb, mutatorFor, seedMachine } from '../../tests/fixtures/sync';
import { addBlob, getBlob, releaseBlobsOfSyncedRows, type StoredBlob } from './blob-repository';
import type { SchlauchDb } from './database';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

const blob = (id: string, rowId: string, nextAttemptAt: number | null): StoredBlob => ({
  id,
  entity: 'machine',
  rowId,
  sha256: 'x',
  mimeType: 'image/png',
  size: 1,
  name: 'a.png',
  data: new Blob(['x']),
  uploadState: 'pending',
  attempts: 2,
  nextAttemptAt,
  lastError: 'HTTP 404',
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('releaseBlobsOfSyncedRows', () => {
  it('makes files due whose row left the outbox, not those whose create still waits', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db); // a server row: no create queued
    const queued = await mutatorFor(db).create('manufacturer', { name: 'Neu GmbH' });
    const later = Date.now() + 60_000;
    await addBlob(db, blob('b-synced', machineId, later));
    await addBlob(db, blob('b-queued', queued.id, later));
    await addBlob(db, blob('b-due', machineId, null));
    expect(await releaseBlobsOfSyncedRows(db)).toBe(1);
    expect((await getBlob(db, 'b-synced'))?.nextAttemptAt).toBeNull();
    expect((await getBlob(db, 'b-queued'))?.nextAttemptAt).toBe(later);
    expect(await releaseBlobsOfSyncedRows(db)).toBe(0);
  });
});
