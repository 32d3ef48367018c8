/**
 * Sync status for the UI (zustand; docs/sync.md "the user always sees online/offline, pending
 * count, last sync, and problems"). Written only by the engine; screens read it. It holds no
 * data of its own: the outbox in IndexedDB stays the truth, these are its latest counts.
 */
import { create } from 'zustand';
import type { PullProgress } from './pull';

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  /** Entries waiting to be sent or answered (not rejected, not in conflict). */
  pending: number;
  /** Rejected entries plus conflicts: shown on Sync issues. */
  problems: number;
  /** ISO time of the last sync that reached the server. */
  lastSyncAt: string | null;
  /** Why the last attempt failed ('offline', 'auth', a server message…), null when it worked. */
  lastError: string | null;
  /** True while the engine waits for a new access token (work is kept, nothing is refused). */
  waitingForAuth: boolean;
  pullProgress: PullProgress;
  /** Captured files not yet confirmed by the server (blob queue, blob-queue.ts). */
  blobsPending: number;
  /** Files the server refused for good (415, 413…): kept on the device, a problem to show. */
  blobsFailed: number;
}

export const initialSyncStatus: SyncStatus = {
  online: typeof navigator === 'undefined' || navigator.onLine !== false,
  syncing: false,
  pending: 0,
  problems: 0,
  lastSyncAt: null,
  lastError: null,
  waitingForAuth: false,
  pullProgress: { received: 0, done: false },
  blobsPending: 0,
  blobsFailed: 0,
};

export const useSyncStore = create<SyncStatus>()(() => ({ ...initialSyncStatus }));

export type SyncStoreApi = typeof useSyncStore;
