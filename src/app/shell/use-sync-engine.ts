/**
 * Runs the sync engine while a user is signed in (docs/sync.md): started once the session is
 * authenticated, restarted for another user, stopped on sign-out. Token renewals need no
 * restart — startSync() resumes on them itself. After sign-in the browser is asked to keep
 * the data persistently (docs/sync.md durability); a refusal is shown on the Sync issues screen.
 * The engine's code (sync-root and what it binds) loads on demand, after the first paint;
 *it is precached like every chunk, so this works offline too.
 */
import { useEffect } from 'react';
import { useAuthStore } from '@lib/auth';

export function useSyncEngine(): void {
  const userId = useAuthStore((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./sync-root').then(({ startSync }) => {
      if (!cancelled) stop = startSync();
    });
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}
