/** One rejected call: the server's reason, the call itself, "send again" and "discard". */
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/records';
import { discard, retry } from './issue-actions';
import { IssueHeader } from './issue-header';

export function RejectionCard({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('sync');
  const [busy, setBusy] = useState(false);
  const raw = entry.error?.message ?? entry.lastError;
  // The server (and the device) answer with message keys such as 'validation:required'.
  const reason = raw
    ? /^[a-z-]+:[\w.]+$/.test(raw)
      ? t(raw as never, { defaultValue: raw })
      : raw
    : t('rejection.unknownReason');

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="md" radius="md" data-testid={`rejection-${entry.mutationId}`}>
      <Stack gap="sm">
        <IssueHeader entry={entry} />
        <Alert color="red" variant="light" title={t('rejection.reason')} role="group">
          <Text size="sm">{reason}</Text>
          {entry.error ? (
            <Text size="xs" c="dimmed">
              {t('rejection.status', { status: entry.error.status, code: entry.error.code })}
            </Text>
          ) : null}
        </Alert>
        <Group gap="sm">
          <Button loading={busy} onClick={() => void act(() => retry(t, entry.mutationId))}>
            {t('rejection.retry')}
          </Button>
          <Button
            variant="light"
            color="red"
            disabled={busy}
            onClick={() => void act(() => discard(t, entry.mutationId))}
          >
            {t('rejection.discard')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
