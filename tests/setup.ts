// Shared test setup: a real IndexedDB implementation (fake-indexeddb) for Dexie in Node.
import 'fake-indexeddb/auto';

// Screen tests (jsdom) write through the app's `mutate`: bind it to the auth store the way
// the app's composition root (src/app/shell/sync-root.ts) does, without starting a sync.
if (typeof window !== 'undefined') {
  const [{ bindSyncSession }, { getAccessToken, useAuthStore }, { cleanup }, { afterEach }] =
    await Promise.all([
      import('../src/sync/app-session'),
      import('../src/lib/auth/auth-store'),
      import('@testing-library/react'),
      import('vitest'),
    ]);
  // Each test's screens are unmounted after it, as Testing Library does where test globals
  // exist (here they do not): a screen left mounted kept its timers (a Mantine transition's)
  // running into the next test, or past the file's end, where they failed with "window is
  // not defined" once the environment was gone.
  afterEach(() => cleanup());
  bindSyncSession({
    getToken: getAccessToken,
    getUserId: () => useAuthStore.getState().user?.id ?? null,
    requestRun: () => undefined,
  });
}
