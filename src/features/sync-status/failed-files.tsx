/**
 * Files the server refused for good (a photo or document that is too large or of a type it
 * does not take): kept on the device and listed here to send again or give up — never dropped
 * silently (DESIGN §4 "a local blob is dropped only after the server confirmed its hash").
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredBlob } from '../../db/blob-repository';
import { useFailedBlobs } from '../../db/hooks';
import { discardFile, retryFile } from './issue-actions';

export function FailedFiles() {
  const { t } = useTranslation('sync');
  const blobs = useFailedBlobs();
  if (!blobs || blobs.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="sync-failed-files">
      <Title order={2} size="h3" id="sync-failed-files">
        {t('files.heading')}
      </Title>
      {blobs.map((blob) => (
        <FailedFileCard key={blob.id} blob={blob} />
      ))}
    </Stack>
  );
}

function FailedFileCard({ blob }: { blob: StoredBlob }) {
  const { t } = useTranslation('sync');
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="md" radius="md" data-testid={`failed-file-${blob.id}`}>
      <Stack gap="sm">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {blob.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t('files.details', { type: blob.mimeType, size: Math.ceil(blob.size / 1024) })}
        </Text>
        <Alert color="red" variant="light" title={t('rejection.reason')}>
          <Text size="sm">
            {blob.error?.message ?? blob.lastError ?? t('rejection.unknownReason')}
          </Text>
          {blob.error ? (
            <Text size="xs" c="dimmed">
              {t('rejection.status', { status: blob.error.status, code: blob.error.code })}
            </Text>
          ) : null}
        </Alert>
        <Group gap="sm">
          <Button loading={busy} onClick={() => void act(() => retryFile(t, blob.id))}>
            {t('rejection.retry')}
          </Button>
          <Button
            variant="light"
            color="red"
            disabled={busy}
            onClick={() => void act(() => discardFile(t, blob.id, blob.name))}
          >
            {t('files.discard')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
