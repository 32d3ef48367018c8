/**
 * The offline sync engine's only entry point for screens and the app shell (docs/sync.md):
 * write through `mutate`, read the status from `useSyncStore`, act on Sync issues with the
 * functions of ./issues. The app's composition root (app/shell/sync-root.ts) binds the
 * session with `bindSyncSession` and runs the engine. Everything else is internal.
 */
export {
  mutate,
  bindSyncSession,
  syncNow,
  unsentChanges,
  requestSync,
  type SyncSession,
} from './app-session';
export { createMutator, type Mutator, type CreateInput, type UpdateInput } from './mutate';
export { SyncEngine, SYNC_LOCK, type SyncEngineOptions, type SyncOutcome } from './engine';
export { SyncScheduler } from './scheduler';
export { LiveChannel, type LiveChannelOptions } from './live';
export { useSyncStore, initialSyncStatus, type SyncStatus } from './sync-store';
export { isConnected, savedKey } from './connectivity';
export {
  resolveConflict,
  retryEntry,
  discardEntry,
  retryFailedBlob,
  discardFailedBlob,
  type ConflictChoice,
} from './issues';
export { outboxCounts, heldEntries } from './outbox';
export { exportSyncLog, type SyncLogExport } from './flight-recorder';
export { MutationError } from './errors';
// Blob queue (docs/sync.md "Blobs"): capture photos/signatures, upload them apart from the data.
export {
  captureImage,
  captureDocument,
  DocumentTypeError,
  ImageCompressionError,
  ImageTypeError,
  StorageFullError,
  type CaptureOptions,
  type OnProgress,
} from './blob-capture';
export { captureSignature, type SignatureInput } from './signature-capture';
export { BlobQueue, type BlobQueueOptions, type BlobRunOutcome } from './blob-queue';
