/**
 * The Sync issues screen's actions on the app database (issues.ts does the work, each in one
 * Dexie transaction). Discarding asks first: it undoes the local change on this device.
 */
import type { TFunction } from 'i18next';
import { confirm } from '@components/confirm';
import { snack } from '@components/snacks';
import { blobCounts } from '@db/blob-repository';
import { getDatabase } from '@db/database';
import { saveBlob } from '@lib/api/report-download';
import { requestSync } from '@sync';
import { useSyncStore } from '@sync';
import {
  discardEntry,
  discardFailedBlob,
  exportSyncLog,
  resolveConflict,
  retryEntry,
  retryFailedBlob,
  type ConflictChoice,
} from '@sync';

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

/** The header's problem count follows at once (the blob queue would only on its next run). */
async function refreshFileCounts(): Promise<void> {
  const { pending, failed } = await blobCounts(getDatabase());
  useSyncStore.setState({ blobsPending: pending, blobsFailed: failed });
}

export function retryFile(t: SyncT, blobId: string) {
  return run(
    t,
    async () => {
      await retryFailedBlob(getDatabase(), blobId);
      await refreshFileCounts();
      requestSync();
    },
    t('files.retried'),
  );
}

/** Asks first: the file is gone from this device afterwards. */
export async function discardFile(t: SyncT, blobId: string, name: string): Promise<void> {
  const ok = await confirm({
    title: t('files.discardTitle'),
    message: t('files.discardMessage', { name }),
    color: 'red',
    confirmText: t('files.discardConfirm'),
  });
  if (!ok) return;
  await run(
    t,
    async () => {
      await discardFailedBlob(getDatabase(), blobId);
      await refreshFileCounts();
    },
    t('files.discarded'),
  );
}

/** Downloads the flight recorder (docs/sync.md "Flight recorder") as a JSON file for support. */
export function exportLog(t: SyncT, userId: string) {
  return run(
    t,
    async () => {
      const file = await exportSyncLog(getDatabase(), userId);
      saveBlob(new Blob([file.json], { type: 'application/json' }), file.fileName);
    },
    t('log.exported'),
  );
}
