/**
 * Whether the server can be reached as far as the device knows: the
 * browser must be online AND the last sync attempt must have reached the server. Messages
 * after a save say "saved" when that is so, and "sent when there is a connection" only when
 * it is not — not the offline text to someone standing next to the router.
 */
import { isBrowserOnline } from '../lib/network/use-online-status';
import { useSyncStore } from './sync-store';

export function isConnected(): boolean {
  return isBrowserOnline() && useSyncStore.getState().online;
}

/** The key to show after a local save: `offlineKey` while the server is out of reach. */
export function savedKey<K extends string>(onlineKey: K, offlineKey: K): K {
  return isConnected() ? onlineKey : offlineKey;
}
