/**
 * The devices' latest reports (docs/sync.md "Device reports"), online only: every user's for
 * the office (`/api/sync/devices`), or the signed-in user's own (`/api/sync/devices/mine`).
 */
import { useCallback, useEffect, useState } from 'react';
import { deviceListSchema, type Device } from '@domain/sync-contract';
import { api } from '@lib/api/api';
import { useOnlineStatus } from '@lib/network/use-online-status';

export type DeviceScope = 'all' | 'mine';

export async function fetchDevices(scope: DeviceScope, signal?: AbortSignal): Promise<Device[]> {
  const path = scope === 'all' ? '/api/sync/devices' : '/api/sync/devices/mine';
  return deviceListSchema.parse(await api.get(path, { signal }));
}

/** The devices: undefined while loading, null when they could not be read (offline, refused). */
export function useDevices(scope: DeviceScope, enabled = true) {
  const online = useOnlineStatus();
  const [devices, setDevices] = useState<Device[] | null | undefined>(undefined);
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setDevices(await fetchDevices(scope, signal));
      } catch {
        if (!signal?.aborted) setDevices(null);
      }
    },
    [scope],
  );
  useEffect(() => {
    if (!enabled) return undefined;
    if (!online) {
      setDevices(null);
      return undefined;
    }
    const abort = new AbortController();
    void reload(abort.signal);
    return () => abort.abort();
  }, [online, enabled, reload]);
  return { devices, reload };
}
