/**
 * The offline sync engine's public face for screens and the app shell (DESIGN §4): write
 * through `mutate`, start syncing with `startSync()`, read the status from `useSyncStore`,
 * act on Sync issues with the functions of ./issues. Everything else is internal.
 */
export { mutate, startSync, waitForToken } from './app-sync';
export { createMutator, type Mutator, type CreateInput, type UpdateInput } from './mutate';
export { SyncEngine, SYNC_LOCK, type SyncEngineOptions, type SyncOutcome } from './engine';
export { SyncScheduler } from './scheduler';
export { useSyncStore, type SyncStatus } from './sync-store';
export {
  resolveConflict,
  retryEntry,
  discardEntry,
  retryFailedBlob,
  discardFailedBlob,
  type ConflictChoice,
} from './issues';
export { outboxCounts, heldEntries } from './outbox';
export { MutationError, SyncBrokenError } from './errors';
// Blob queue (DESIGN §4 "Blobs"): capture photos/signatures, upload them apart from the data.
export {
  captureImage,
  ImageTypeError,
  StorageFullError,
  type CaptureOptions,
} from './blob-capture';
export { BlobQueue, type BlobQueueOptions, type BlobRunOutcome } from './blob-queue';
