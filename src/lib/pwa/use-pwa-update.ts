/**
 * Service worker registration (vite-plugin-pwa, registerType 'prompt' with workbox-window).
 * A new version is announced and installed only when the user says so (docs/sync.md).
 */
import { useRegisterSW } from 'virtual:pwa-register/react';

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
  } = useRegisterSW({ immediate: true });
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
