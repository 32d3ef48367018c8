/**
 * Files the server refused for good (a photo or document that is too large or of a type it
 * does not take): kept on the device and listed here to send again or give up — never dropped
 * silently (docs/sync.md "a local blob is dropped only after the server confirmed its hash").
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoredBlob } from '@db/blob-repository';
import { useFailedBlobs } from '@db/hooks';
import { discardFile, retryFile } from './issue-actions';
import { RefusalActions, RefusalReason } from './refusal';

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
  return (
    <Card withBorder padding="md" radius="md" data-testid={`failed-file-${blob.id}`}>
      <Stack gap="sm">
        <Text fw={600} style={{ overflowWrap: 'break-word' }}>
          {blob.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t('files.details', { type: blob.mimeType, size: Math.ceil(blob.size / 1024) })}
        </Text>
        <RefusalReason raw={blob.error?.message ?? blob.lastError} error={blob.error} />
        <RefusalActions
          onRetry={() => retryFile(t, blob.id)}
          onDiscard={() => discardFile(t, blob.id, blob.name)}
          discardLabel={t('files.discard')}
        />
      </Stack>
    </Card>
  );
}
