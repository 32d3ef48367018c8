/**
 * Service worker registration (vite-plugin-pwa, registerType 'prompt' with workbox-window).
 * A new version is announced and installed only when the user says so (docs/sync.md). A first
 * install that fails is tried again without a page load (retry-install.ts); a page its claim
 * missed asks to be claimed (claim-page.ts).
 */
import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { claimIfUncontrolled } from './claim-page';
import { retryFailedInstall } from './retry-install';

export interface PwaUpdate {
  needRefresh: boolean;
  offlineReady: boolean;
  update: () => Promise<void>;
  dismiss: () => void;
}

/**
 * A waiting worker is a new version only while an older one is active. One waiting with none
 * active is the very first install, about to activate by itself: Firefox can answer
 * `register()` only after that install has finished, and workbox-window then reports the
 * worker as waiting, as if another tab had brought a new version (docs/testing.md, "Firefox
 * and WebKit lanes").
 */
export function isUpdateWaiting(
  registration: Pick<ServiceWorkerRegistration, 'waiting' | 'active'> | undefined,
): boolean {
  return !!registration?.waiting && !!registration.active;
}

export function usePwaUpdate(): PwaUpdate {
  // What the registration showed when workbox-window reported a waiting worker; the prompt
  // waits for it, so a first install never flashes it.
  const [waiting, setWaiting] = useState<'update' | 'firstInstall' | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      retryFailedInstall(registration, () =>
        navigator.serviceWorker.register(swUrl, { scope: registration.scope }),
      );
      void claimIfUncontrolled(navigator.serviceWorker);
    },
    onNeedRefresh() {
      void navigator.serviceWorker
        .getRegistration()
        .then((registration) =>
          setWaiting(isUpdateWaiting(registration) ? 'update' : 'firstInstall'),
        )
        .catch(() => setWaiting('update'));
    },
  });
  return {
    needRefresh: needRefresh && waiting === 'update',
    // A first install taken for an update is what it is: the app now works offline.
    offlineReady: offlineReady || (needRefresh && waiting === 'firstInstall'),
    update: () => {
      // workbox-window reloads only a page that was already controlled when it registered; a
      // page open since the very first install would keep running the old version, the prompt
      // still on screen. So the page loads the new version itself once it takes control.
      const reload = () => window.location.reload();
      navigator.serviceWorker?.addEventListener('controllerchange', reload, { once: true });
      return updateServiceWorker(true);
    },
    dismiss: () => {
      setNeedRefresh(false);
      setOfflineReady(false);
      setWaiting(null);
    },
  };
}
