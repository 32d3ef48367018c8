/** The device's storage on the Sync issues screen (docs/sync.md durability): used / quota, persisted. */
import { Alert, Card, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format';
import { StorageRiskAdvice } from './storage-risk';
import { STORAGE_WARN_RATIO, useStorageEstimate } from './use-storage-estimate';

export function StoragePanel() {
  const { t, i18n } = useTranslation('sync');
  const { info, requestPersist } = useStorageEstimate();
  const lng = i18n.language;
  const usage = info?.usage ?? null;
  const quota = info?.quota ?? null;
  const known = usage !== null && quota !== null && quota > 0;
  const ratio = known ? usage / quota : 0;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="sync-storage">
      <Title order={2} size="h4" id="sync-storage" mb="sm">
        {t('storage.heading')}
      </Title>
      {info === undefined ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs" data-testid="storage-panel">
          {known ? (
            <>
              <Text size="sm">
                {t('storage.usage', {
                  used: formatBytes(usage, lng),
                  quota: formatBytes(quota, lng),
                  percent: Math.round(ratio * 100),
                })}
              </Text>
              <Progress
                value={Math.min(100, ratio * 100)}
                color={ratio > STORAGE_WARN_RATIO ? 'red' : 'blue'}
                aria-label={t('storage.heading')}
              />
              {ratio > STORAGE_WARN_RATIO ? (
                <Alert color="red" variant="light" role="alert">
                  {t('storage.nearlyFull')}
                </Alert>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('storage.unavailable')}
            </Text>
          )}
          {info.persisted === true ? (
            <Text size="sm">{t('storage.persisted')}</Text>
          ) : (
            <>
              {info.persisted === false ? <Text size="sm">{t('storage.notPersisted')}</Text> : null}
              <StorageRiskAdvice requestPersist={requestPersist} />
            </>
          )}
        </Stack>
      )}
    </Card>
  );
}
