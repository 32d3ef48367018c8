/**
 * Runs the sync engine while a user is signed in (DESIGN §4): started once the session is
 * authenticated, restarted for another user, stopped on sign-out. Token renewals need no
 * restart — startSync() resumes on them itself. After sign-in the browser is asked to keep
 * the data persistently (DESIGN §4 durability); a refusal is shown on the Sync issues screen.
 */
import { useEffect } from 'react';
import { useAuthStore } from '../../lib/auth';
import { startSync } from './sync-root';

export function useSyncEngine(): void {
  const userId = useAuthStore((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));
  useEffect(() => {
    if (!userId) return;
    const stop = startSync();
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
    return stop;
  }, [userId]);
}
