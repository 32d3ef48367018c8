/**
 * Service worker registration (vite-plugin-pwa, registerType 'prompt' with workbox-window).
 * A new version is announced and installed only when the user says so (docs/sync.md). A first
 * install that fails is tried again without a page load (retry-install.ts).
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { retryFailedInstall } from './retry-install';

export interface PwaUpdate {
  needRefresh: boolean;
  offlineReady: boolean;
  update: () => Promise<void>;
  dismiss: () => void;
}

export function usePwaUpdate(): PwaUpdate {
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
    },
  });
  return {
    needRefresh,
    offlineReady,
    update: () => updateServiceWorker(true),
    dismiss: () => {
      setNeedRefresh(false);
      setOfflineReady(false);
    },
  };
}
