import { useSessionRefresh } from '@lib/auth';
import { useSyncEngine } from './use-sync-engine';

/**
 * Session housekeeping without UI: refresh every 60 s and on visibility (docs/api.md), and the
 * sync engine while a user is signed in.
 */
export function SessionEffects() {
  useSessionRefresh();
  useSyncEngine();
  return null;
}
