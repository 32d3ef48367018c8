/**
 * What signing out must know about the outbox (DESIGN §4 "signing out with pending entries
 * warns and offers to sync first"): how many of the user's changes have not reached the
 * server, and one sync run to send them now.
 */
import { getDatabase } from '../../db/database';
import { getAccessToken, useAuthStore } from '../../lib/auth';
import { SyncEngine } from '../../sync/engine';
import { outboxCounts } from '../../sync/outbox';

const currentUserId = () => useAuthStore.getState().user?.id ?? null;

/** The signed-in user's entries not yet taken by the server (waiting, rejected, in conflict). */
export async function unsentChanges(): Promise<number> {
  const userId = currentUserId();
  if (!userId) return 0;
  const counts = await outboxCounts(getDatabase(), userId);
  return counts.pending + counts.problems;
}

const BUSY_RETRY_MS = 500;
const BUSY_ATTEMPTS = 20;

/**
 * One sync run now. A run of the background engine holds the cross-tab lock; then this waits
 * for it to finish and runs once more, so what was written last is sent too.
 */
export async function syncNow(): Promise<void> {
  const engine = new SyncEngine({
    db: getDatabase(),
    getToken: getAccessToken,
    getUserId: currentUserId,
  });
  for (let attempt = 0; attempt < BUSY_ATTEMPTS; attempt++) {
    const outcome = await engine.syncOnce();
    if (outcome.kind !== 'busy') return;
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
  }
}
