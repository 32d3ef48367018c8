/**
 * The device database vanished with unsent work (docs/sync.md "Storage at risk"): what was
 * lost, until the user closes it. It reads the device database, so the notices above every
 * screen load it lazily: Dexie stays out of the first paint (bench/README.md, first route).
 */
import { Alert, Button, Stack, Text, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@components/icons';
import { formatMoment } from '@domain/format';
import { acknowledgeWiped, useStorageWiped } from './data/storage-wiped';

/** The database vanished with unsent work: what was lost, until the user closes it. */
export default function StorageWipedNotice({ mb }: { mb?: MantineSpacing }) {
  const { t, i18n } = useTranslation('sync');
  const wiped = useStorageWiped();
  if (!wiped || wiped.acknowledged) return null;
  const lng = i18n.language;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<AlertIcon size={18} />}
      title={t('storageWiped.title')}
      role="alert"
      mb={mb}
      data-testid="storage-wiped"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('storageWiped.message', {
            count: wiped.lost,
            since: formatMoment(wiped.oldestAt ?? wiped.lastSeenAt, lng),
            seen: formatMoment(wiped.lastSeenAt, lng),
          })}
        </Text>
        <Text size="sm">{t('storageWiped.office')}</Text>
        <Button size="xs" w="fit-content" onClick={() => void acknowledgeWiped()}>
          {t('storageWiped.dismiss')}
        </Button>
      </Stack>
    </Alert>
  );
}
