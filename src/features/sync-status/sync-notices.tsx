/**
 * Notices above every screen: the first load of a new device ("Daten werden geladen… N
 * Datensätze", the app stays usable meanwhile), a full device storage, which must never be
 * swallowed — that one stays until the error is gone — and a full server storage (507
 * `errors:storageFull`): the changes wait on the device until then. Storage the browser may
 * delete while unsent work waits, and a database it already deleted with unsent work
 * (storage-risk.tsx). While unsent work waits, closing or reloading the tab asks first.
 */
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { AlertIcon } from '@components/icons';
import { useSyncStore } from '@sync';
import { isQuotaError, isServerFull } from './format';
import { StorageRiskNotice } from './storage-risk';
import { useStorageEstimate } from './use-storage-estimate';

const LazyWipedNotice = lazy(() => import('./storage-wiped-notice'));

/** The lost-work notice, once its module (which reads the device database) has loaded. */
function StorageWipedNotice(props: ComponentProps<typeof LazyWipedNotice>) {
  return (
    <Suspense fallback={null}>
      <LazyWipedNotice {...props} />
    </Suspense>
  );
}

/** The browser's own prompt before the tab closes or reloads while `unsent` work waits. */
function useUnsentLeaveGuard(unsent: number): void {
  useEffect(() => {
    if (unsent === 0) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsent]);
}

export function SyncNotices() {
  const { t } = useTranslation('sync');
  const { pullProgress, lastSyncAt, lastError, unsent } = useSyncStore(
    useShallow((s) => ({
      pullProgress: s.pullProgress,
      lastSyncAt: s.lastSyncAt,
      lastError: s.lastError,
      unsent: s.pending + s.problems,
    })),
  );
  useUnsentLeaveGuard(unsent);
  const { info: storage } = useStorageEstimate();
  // No answer (WebKit has no persisted()) is no promise either.
  const atRisk = unsent > 0 && storage !== undefined && storage.persisted !== true;
  // A device that never finished a sync has no data yet: its first pull is worth showing.
  const initialLoad = !pullProgress.done && pullProgress.received > 0 && lastSyncAt === null;
  const quota = isQuotaError(lastError);
  const serverFull = isServerFull(lastError);
  if (!initialLoad && !quota && !serverFull && !atRisk) return <StorageWipedNotice mb="md" />;
  return (
    <Stack gap="sm" mb="md">
      <StorageWipedNotice />
      {quota ? (
        <Alert
          color="red"
          variant="filled"
          icon={<AlertIcon size={18} />}
          title={t('quota.title')}
          role="alert"
          data-testid="sync-quota-error"
        >
          {t('quota.message', { error: lastError ?? '' })}
        </Alert>
      ) : null}
      {serverFull ? (
        <Alert
          color="orange"
          variant="light"
          icon={<AlertIcon size={18} />}
          title={t('serverFull.title')}
          role="alert"
          data-testid="sync-server-full"
        >
          {t('serverFull.message')}
        </Alert>
      ) : null}
      {atRisk ? <StorageRiskNotice unsent={unsent} /> : null}
      {initialLoad ? (
        <Alert
          color="blue"
          variant="light"
          role="status"
          aria-live="polite"
          data-testid="sync-initial-load"
        >
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <div>
              <Text size="sm" fw={500}>
                {t('initialLoad.progress', { count: pullProgress.received })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('initialLoad.hint')}
              </Text>
            </div>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
