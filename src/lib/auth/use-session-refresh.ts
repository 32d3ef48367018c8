import { useEffect } from 'react';
import { refreshSession } from './auth';
import { useAuthStore } from './auth-store';

export const SESSION_REFRESH_MS = 60_000;

/**
 * docs/api.md: the session is refreshed every 60 000 ms while it exists and when the window
 * becomes visible; the timer is cleared on unmount.
 */
export function useSessionRefresh(): void {
  const loggedIn = useAuthStore((s) => s.status === 'authenticated');
  useEffect(() => {
    if (!loggedIn) return;
    const timer = window.setInterval(() => void refreshSession(), SESSION_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [loggedIn]);
}
