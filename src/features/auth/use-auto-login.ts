/**
 * Starts sign-in with the identity provider as soon as the visitor is signed out and online
 * (docs/api.md: sign-in is triggered automatically). Each attempt runs once — also under React's
 * double effects — and a failure stays visible until the user retries.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login, useAuthStore } from '@lib/auth';
import { useOnlineStatus } from '@lib/network/use-online-status';

export type AutoLoginState = 'redirecting' | 'offline' | 'error';

export function useAutoLogin(redirect: string): { state: AutoLoginState; retry: () => void } {
  const { i18n } = useTranslation();
  const online = useOnlineStatus();
  const status = useAuthStore((s) => s.status);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const started = useRef<number | null>(null);

  useEffect(() => {
    if (!online) {
      // Coming back online starts the same attempt again.
      started.current = null;
      return;
    }
    if (status !== 'unauthenticated' || started.current === attempt) return;
    started.current = attempt;
    login(redirect, i18n.language).catch(() => setFailedAttempt(attempt));
  }, [online, status, attempt, redirect, i18n.language]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  if (!online) return { state: 'offline', retry };
  return { state: failedAttempt === attempt ? 'error' : 'redirecting', retry };
}
