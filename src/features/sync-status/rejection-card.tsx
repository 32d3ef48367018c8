/** One rejected call: the server's reason, the call itself, "send again" and "discard". */
import { Card, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '@db/records';
import { discard, retry } from './issue-actions';
import { IssueHeader } from './issue-header';
import { RefusalActions, RefusalReason } from './refusal';

export function RejectionCard({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('sync');
  return (
    <Card withBorder padding="md" radius="md" data-testid={`rejection-${entry.mutationId}`}>
      <Stack gap="sm">
        <IssueHeader entry={entry} />
        <RefusalReason raw={entry.error?.message ?? entry.lastError} error={entry.error} />
        <RefusalActions
          onRetry={() => retry(t, entry.mutationId)}
          onDiscard={() => discard(t, entry.mutationId)}
          discardLabel={t('rejection.discard')}
        />
      </Stack>
    </Card>
  );
}
