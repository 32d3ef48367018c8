// Shared test setup: a real IndexedDB implementation (fake-indexeddb) for Dexie in Node.
import 'fake-indexeddb/auto';

// Screen tests (jsdom) write through the app's `mutate`: bind it to the auth store the way
// the app's composition root (src/app/shell/sync-root.ts) does, without starting a sync.
if (typeof window !== 'undefined') {
  const [{ bindSyncSession }, { getAccessToken, useAuthStore }] = await Promise.all([
    import('../src/sync/app-session'),
    import('../src/lib/auth/auth-store'),
  ]);
  bindSyncSession({
    getToken: getAccessToken,
    getUserId: () => useAuthStore.getState().user?.id ?? null,
    requestRun: () => undefined,
  });
}
