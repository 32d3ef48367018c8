/**
 * The flight recorder on Sync issues (docs/sync.md "Flight recorder"): what it holds, and a
 * button that downloads it for support.
 */
import { Button, Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@lib/auth';
import { exportLog } from './issue-actions';

export function SyncLogPanel() {
  const { t } = useTranslation('sync');
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!userId) return;
    setBusy(true);
    try {
      await exportLog(t, userId);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="sync-log">
      <Title order={2} size="h4" id="sync-log" mb={4}>
        {t('log.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('log.intro')}
      </Text>
      <Button variant="default" onClick={() => void download()} loading={busy} disabled={!userId}>
        {t('log.export')}
      </Button>
    </Card>
  );
}
