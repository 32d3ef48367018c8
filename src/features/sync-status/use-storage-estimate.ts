/** navigator.storage facts for the storage panel: usage, quota and whether data is persisted. */
import { useCallback, useEffect, useState } from 'react';

export interface StorageInfo {
  usage: number | null;
  quota: number | null;
  /** null when the browser cannot say. */
  persisted: boolean | null;
}

export const STORAGE_WARN_RATIO = 0.8;

async function readStorage(): Promise<StorageInfo> {
  const storage = globalThis.navigator?.storage;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => null) : null;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** undefined while loading; `requestPersist` asks the browser and re-reads the facts. */
export function useStorageEstimate() {
  const [info, setInfo] = useState<StorageInfo | undefined>(undefined);
  useEffect(() => {
    let active = true;
    void readStorage().then((next) => {
      if (active) setInfo(next);
    });
    return () => {
      active = false;
    };
  }, []);
  const requestPersist = useCallback(async (): Promise<boolean> => {
    const storage = globalThis.navigator?.storage;
    const granted = storage?.persist ? await storage.persist().catch(() => false) : false;
    setInfo(await readStorage());
    return granted;
  }, []);
  return { info, requestPersist };
}
