/**
 * The device's report of its own state (docs/sync.md "Device reports"), sent with every push
 * and pull: how much of the user's work waits, since when, how much the server refused, the
 * app's version, whether the browser may delete the data, and whether it already did.
 */
import type { SchlauchDb } from '../db/database';
import { getMeta } from '../db/meta-repository';
import { STORAGE_WIPED_KEY } from '../db/storage-marker';
import type { DeviceReport, StoragePersistence } from '../domain/sync-contract';
import { isOpen, outboxCounts } from './outbox';

export const APP_VERSION: string =
  (import.meta.env.VITE_APP_VERSION as string | undefined) || 'development';

/** `navigator.storage.persisted()` as the report says it. */
export async function storagePersistence(): Promise<StoragePersistence> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persisted) return 'unknown';
  try {
    return (await storage.persisted()) ? 'yes' : 'no';
  } catch {
    return 'unknown';
  }
}

export async function buildDeviceReport(
  db: SchlauchDb,
  userId: string,
  now: number = Date.now(),
): Promise<DeviceReport> {
  const counts = await outboxCounts(db, userId);
  // The user's entries are in the order they were made: the first open one waited longest.
  const oldest = await db.outbox.where('userId').equals(userId).filter(isOpen).first();
  const made = oldest ? Date.parse(oldest.createdAt) : NaN;
  return {
    pending: counts.pending,
    oldestPendingAgeMs: oldest
      ? Math.max(0, Math.round(now - (Number.isNaN(made) ? now : made)))
      : null,
    refused: counts.problems,
    appVersion: APP_VERSION.slice(0, 64),
    storagePersisted: await storagePersistence(),
    storageWiped: (await getMeta(db, STORAGE_WIPED_KEY)) !== undefined,
  };
}
