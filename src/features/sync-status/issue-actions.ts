/**
 * The Sync issues screen's actions on the app database (issues.ts does the work, each in one
 * Dexie transaction). Discarding asks first: it undoes the local change on this device.
 */
import type { TFunction } from 'i18next';
import { confirm } from '../../components/confirm';
import { snack } from '../../components/snacks';
import { getDatabase } from '../../db/database';
import { discardEntry, resolveConflict, retryEntry, type ConflictChoice } from '../../sync/issues';

type SyncT = TFunction<'sync'>;

async function run(t: SyncT, action: () => Promise<void>, done: string): Promise<void> {
  try {
    await action();
    snack({ text: done, type: 'success' });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    snack({ text: t('issues.actionFailed', { error }), type: 'error', timeout: 0 });
  }
}

export function applyChoice(t: SyncT, mutationId: string, choice: ConflictChoice) {
  return run(t, () => resolveConflict(getDatabase(), mutationId, choice), t('conflict.applied'));
}

export function retry(t: SyncT, mutationId: string) {
  return run(t, () => retryEntry(getDatabase(), mutationId), t('rejection.retried'));
}

/** Asks first; does nothing when the user cancels. */
export async function discard(t: SyncT, mutationId: string): Promise<void> {
  const ok = await confirm({
    title: t('rejection.discardTitle'),
    message: t('rejection.discardMessage'),
    color: 'red',
    confirmText: t('rejection.discardConfirm'),
  });
  if (!ok) return;
  await run(t, () => discardEntry(getDatabase(), mutationId), t('rejection.discarded'));
}
