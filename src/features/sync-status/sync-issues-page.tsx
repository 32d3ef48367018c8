/**
 * /sync-issues (docs/sync.md): what the server did not take — conflicts to decide field by field
 * and rejected calls to send again or discard — live from the outbox and conflicts tables,
 * plus the device's storage. Only the signed-in user's entries: others' are never sent.
 */
import { Card, Loader, Stack, Text, ThemeIcon, Title, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { CheckIcon } from '@components/icons';
import { useConflicts, useOutboxEntries } from '@db/hooks';
import type { ConflictRecord, OutboxEntry } from '@db/records';
import { useAuthStore } from '@lib/auth';
import { useSyncStore } from '@sync';
import { ConflictCard } from './conflict-card';
import { FailedFiles } from './failed-files';
import { isQuotaError, isServerFull } from './format';
import { RejectionCard } from './rejection-card';
import { StoragePanel } from './storage-panel';
import { OwnDevices } from './own-devices';
import { SyncLogPanel } from './sync-log-panel';

interface Issues {
  conflicts: { entry: OutboxEntry; conflict: ConflictRecord }[];
  rejections: OutboxEntry[];
}

function collectIssues(
  entries: OutboxEntry[],
  conflicts: ConflictRecord[],
  userId: string | null,
): Issues {
  const mine = entries.filter((e) => userId === null || e.userId === userId);
  const byId = new Map(conflicts.map((c) => [c.mutationId, c]));
  return {
    conflicts: mine.flatMap((entry) => {
      const conflict = entry.state === 'conflict' ? byId.get(entry.mutationId) : undefined;
      return conflict ? [{ entry, conflict }] : [];
    }),
    rejections: mine.filter((e) => e.state === 'rejected'),
  };
}

export function SyncIssuesPage() {
  const { t } = useTranslation(['sync', 'routes']);
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const { pending, lastError } = useSyncStore(
    useShallow((s) => ({ pending: s.pending, lastError: s.lastError })),
  );
  const entries = useOutboxEntries();
  const conflicts = useConflicts();
  const loading = entries === undefined || conflicts === undefined;
  const issues = loading ? null : collectIssues(entries, conflicts, userId);
  const empty = issues !== null && issues.conflicts.length + issues.rejections.length === 0;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes:syncIssues')}</Title>
        <Text c="dimmed" mt={4}>
          {t('sync:issues.intro')}
        </Text>
        {pending > 0 ? (
          <Text size="sm" mt={4}>
            {t('sync:issues.pendingInfo', { count: pending })}
          </Text>
        ) : null}
        {lastError && !isQuotaError(lastError) && !isServerFull(lastError) ? (
          <Text size="sm" c="dimmed" mt={4} data-testid="sync-last-error">
            {t('sync:issues.lastError', { error: lastError })}
          </Text>
        ) : null}
      </div>
      {issues === null ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text c="dimmed">{t('sync:issues.loading')}</Text>
        </Group>
      ) : empty ? (
        <Card withBorder padding="lg" radius="md" data-testid="sync-issues-empty">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light" color="green">
              <CheckIcon size={22} />
            </ThemeIcon>
            <div>
              {/* "Everything synchronised" only when nothing waits either. */}
              <Text fw={600}>
                {pending > 0 ? t('sync:issues.noProblemsTitle') : t('sync:issues.emptyTitle')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('sync:issues.emptyMessage')}
              </Text>
            </div>
          </Group>
        </Card>
      ) : (
        <>
          {issues.conflicts.length > 0 ? (
            <Stack gap="sm" component="section" aria-labelledby="sync-conflicts">
              <Title order={2} size="h3" id="sync-conflicts">
                {t('sync:issues.conflictsHeading')}
              </Title>
              {issues.conflicts.map(({ entry, conflict }) => (
                <ConflictCard key={entry.mutationId} entry={entry} conflict={conflict} />
              ))}
            </Stack>
          ) : null}
          {issues.rejections.length > 0 ? (
            <Stack gap="sm" component="section" aria-labelledby="sync-rejections">
              <Title order={2} size="h3" id="sync-rejections">
                {t('sync:issues.rejectionsHeading')}
              </Title>
              {issues.rejections.map((entry) => (
                <RejectionCard key={entry.mutationId} entry={entry} />
              ))}
            </Stack>
          ) : null}
        </>
      )}
      <FailedFiles />
      <StoragePanel />
      <OwnDevices />
      <SyncLogPanel />
    </Stack>
  );
}
