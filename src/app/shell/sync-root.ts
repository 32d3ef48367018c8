/**
 * The composition root of sync (docs/sync.md): binds the session (auth store, token) into the
 * sync package and runs the engine and the blob queue under the scheduler with the browser's
 * fetch. The only module that knows auth, Dexie and the engine at once.
 */
import { getDatabase } from '@db/database';
import { blobCounts } from '@db/blob-repository';
import { detectStorageWiped, watchOutboxMarker } from '@db/storage-marker';
import { getAccessToken, refreshSession, useAuthStore } from '@lib/auth';
import {
  BlobQueue,
  bindSyncSession,
  LiveChannel,
  outboxCounts,
  SyncEngine,
  SyncScheduler,
  type SyncEngineOptions,
} from '@sync';

let scheduler: SyncScheduler | null = null;

const currentUserId = () => useAuthStore.getState().user?.id ?? null;

bindSyncSession({
  getToken: getAccessToken,
  getUserId: currentUserId,
  requestRun: () => scheduler?.notifyLocalWrite(),
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
  // The outbox marker outside IndexedDB (storage-marker.ts): a database the browser deleted
  // while it held unsent work is found before the first run, so its report says so.
  const marker = detectStorageWiped(db)
    .catch(() => null)
    .then(() => watchOutboxMarker(db));
  const own = new SyncScheduler({
    run: async () => {
      await marker;
      void blobs.run(); // blob queue: see above
      const outcome = await engine.syncOnce();
      // The server answered: files waiting for the network go now, not after their back-off.
      if (outcome.kind === 'ok') void blobs.networkBack();
      return outcome;
    },
    // Keep the timer while calls or files wait.
    hasPending: async () =>
      (await outboxCounts(db, currentUserId())).pending > 0 || (await blobCounts(db)).pending > 0,
    waitForAuth: waitForToken,
    onLocalWrite: () => void engine.refreshCounts(),
  });
  scheduler = own;
  own.start();
  // The server's announcements (live.ts): another device's change shows within a second.
  const live = new LiveChannel({
    getToken: getAccessToken,
    onChange: () => own.notifyRemoteChange(),
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
    ...(overrides.baseUrl !== undefined ? { baseUrl: overrides.baseUrl } : {}),
  });
  live.start();
  void engine.refreshCounts();
  void blobs.refreshCounts();
  // A new sign-in (other user, renewed token) resumes at once.
  const unsubscribe = useAuthStore.subscribe((s, prev) => {
    if (s.accessToken !== prev.accessToken || s.user?.id !== prev.user?.id) {
      void own.trigger(true);
      live.reopen();
    }
  });
  return () => {
    void marker.then((stop) => stop());
    unsubscribe();
    live.stop();
    own.stop();
    if (scheduler === own) scheduler = null;
  };
}
