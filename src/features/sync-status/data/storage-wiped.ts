/**
 * The device database's loss, as the start found it (db/storage-marker.ts): read live for the
 * banner, and closed by the user (the device report keeps saying it).
 */
import { getDatabase } from '@db/database';
import { useDbQuery } from '@db/hooks';
import { acknowledgeStorageWiped, storageWiped, type StorageWiped } from '@db/storage-marker';

/** What was lost; null when nothing was, undefined while loading. */
export function useStorageWiped(): StorageWiped | null | undefined {
  return useDbQuery((db) => storageWiped(db), []);
}

export function acknowledgeWiped(): Promise<void> {
  return acknowledgeStorageWiped(getDatabase());
}
