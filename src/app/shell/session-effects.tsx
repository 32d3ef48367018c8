import { useSessionRefresh } from '../../lib/auth';

/** Session housekeeping without UI: refresh every 60 s and on visibility (SPEC §4). */
export function SessionEffects() {
  useSessionRefresh();
  return null;
}
