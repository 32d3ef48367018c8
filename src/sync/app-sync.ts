/**
 * The app's sync wiring: the `mutate` every screen writes through, bound to the app database
 * and the signed-in user, and `startSync()` which runs the engine under the scheduler with
 * the browser's fetch and the session's token. Tests build their own engine and mutator
 * (engine.ts, mutate.ts) instead of this module's singletons.
 */
import { getDatabase } from '../db/database';
import { getAccessToken, refreshSession, useAuthStore } from '../lib/auth';
import { blobCounts, releaseBlobsOfSyncedRows } from '../db/blob-repository';
import { BlobQueue } from './blob-queue';
import { SyncEngine, type SyncEngineOptions } from './engine';
import { createMutator } from './mutate';
import { outboxCounts } from './outbox';
import { SyncScheduler } from './scheduler';

let scheduler: SyncScheduler | null = null;

const currentUserId = () => useAuthStore.getState().user?.id ?? null;

/** The one write function (see mutate.ts): `mutate.create / update / remove / command`. */
export const mutate = createMutator({
  db: getDatabase,
  getUserId: currentUserId,
  onWrite: () => scheduler?.notifyLocalWrite(),
});

/** Resolves once the session has a usable token again (after refreshSession or a sign-in). */
export async function waitForToken(): Promise<void> {
  await refreshSession();
  if (getAccessToken()) return;
  await new Promise<void>((resolve) => {
    const unsubscribe = useAuthStore.subscribe(() => {
      if (!getAccessToken()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Starts syncing in the background; returns the function that stops it. */
export function startSync(overrides: Partial<SyncEngineOptions> = {}): () => void {
  scheduler?.stop();
  const db = overrides.db ?? getDatabase();
  const engine = new SyncEngine({
    db,
    getToken: getAccessToken,
    getUserId: currentUserId,
    ...overrides,
  });
  // Blob queue (blob-queue.ts): runs beside every sync run, never awaited by it, so uploads
  // never hold up the data sync; an upload asks for a sync so deferred calls go at once.
  const blobs = new BlobQueue({
    db,
    getToken: getAccessToken,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
    ...(overrides.baseUrl !== undefined ? { baseUrl: overrides.baseUrl } : {}),
    onUploaded: () => void own.trigger(true),
  });
  const own = new SyncScheduler({
    run: async () => {
      void blobs.run(); // blob queue: see above
      const outcome = await engine.syncOnce();
      // Files of rows this push created (tried before, answered 404) can go now.
      if ((await releaseBlobsOfSyncedRows(db)) > 0) void blobs.run();
      return outcome;
    },
    hasPending: async () =>
      (await outboxCounts(db, currentUserId())).pending > 0 || (await blobCounts(db)).pending > 0, // blob queue: keep the timer while files wait

    waitForAuth: waitForToken,
  });
  scheduler = own;
  own.start();
  void engine.refreshCounts();
  void blobs.refreshCounts(); // blob queue
  // A new sign-in (other user, renewed token) resumes at once.
  const unsubscribe = useAuthStore.subscribe((s, prev) => {
    if (s.accessToken !== prev.accessToken || s.user?.id !== prev.user?.id) {
      void own.trigger(true);
    }
  });
  return () => {
    unsubscribe();
    own.stop();
    if (scheduler === own) scheduler = null;
  };
}

/** The signed-in user's entries not yet taken by the server (waiting, rejected, in conflict). */
export async function unsentChanges(): Promise<number> {
  const userId = currentUserId();
  if (!userId) return 0;
  const counts = await outboxCounts(getDatabase(), userId);
  return counts.pending + counts.problems;
}

const BUSY_RETRY_MS = 500;
const BUSY_ATTEMPTS = 20;

/**
 * One sync run now (sign-out offers it). A run of the background engine holds the cross-tab
 * lock; then this waits for it to finish and runs once more, so what was written last is sent.
 */
export async function syncNow(): Promise<void> {
  const engine = new SyncEngine({
    db: getDatabase(),
    getToken: getAccessToken,
    getUserId: currentUserId,
  });
  for (let attempt = 0; attempt < BUSY_ATTEMPTS; attempt++) {
    const outcome = await engine.syncOnce();
    if (outcome.kind !== 'busy') return;
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
  }
}

/** Asks the background sync (data and files) to run now, e.g. after a failed file is retried. */
export function requestSync(): void {
  scheduler?.notifyLocalWrite();
}
