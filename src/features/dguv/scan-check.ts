/**
 * For the scanner (the app composes it in): a scanned hose of the machine whose
 * DGUV audit the signed-in user is running opens straight in its check. Read on the device.
 */
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { runningAuditOf } from './data/audit-queries';
import { DGUV_PATHS } from './use-dguv-session';

/** The running audit's check of `pipe`, or null when no audit of its machine runs. */
export async function runningAuditCheckHref(pipe: {
  id: string;
  machineId: string;
}): Promise<string | null> {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) return null;
  const audit = await runningAuditOf(getDatabase(), userId);
  return audit && audit.machineId === pipe.machineId ? DGUV_PATHS.check(pipe.id) : null;
}
