/**
 * Storage at risk, said plainly (docs/sync.md "Storage at risk"): when the browser may delete
 * the app's data (`navigator.storage.persisted()` false, or no such API — WebKit), what that
 * means and how this browser keeps it (installed to the home screen, or persistent storage
 * allowed). What was lost once it happened: storage-wiped-notice.tsx.
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon } from '@components/icons';
import { snack } from '@components/snacks';
import { canInstall, installWay, onInstallChange, promptInstall } from '@lib/pwa/install';
import { SYNC_ISSUES_PATH } from './paths';

/** What the browser may do with the data, and how this one keeps it, with its buttons. */
export function StorageRiskAdvice({ requestPersist }: { requestPersist: () => Promise<boolean> }) {
  const { t } = useTranslation('sync');
  const way = installWay();
  const installable = useSyncExternalStore(onInstallChange, canInstall, () => false);
  const canPersist = typeof globalThis.navigator?.storage?.persist === 'function';
  const onPersist = async () => {
    if (!(await requestPersist())) snack({ text: t('storage.persistDenied'), type: 'warning' });
  };
  return (
    <Stack gap="xs" data-testid="storage-risk">
      <Text size="sm">{t('storageRisk.meaning')}</Text>
      <Text size="sm">{t(`storageRisk.${way}`)}</Text>
      <Group gap="xs">
        {installable ? (
          <Button size="xs" onClick={() => void promptInstall()}>
            {t('storageRisk.install')}
          </Button>
        ) : null}
        {canPersist && way !== 'ios' && way !== 'macSafari' ? (
          <Button variant="light" size="xs" onClick={() => void onPersist()}>
            {t('storage.requestPersist')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Above every screen while the user has unsent work on storage the browser may delete. */
export function StorageRiskNotice({ unsent }: { unsent: number }) {
  const { t } = useTranslation('sync');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<AlertIcon size={18} />}
      title={t('storageRisk.title')}
      data-testid="storage-risk-notice"
    >
      <Text size="sm">
        {t('storageRisk.unsent', { count: unsent })} {t('storageRisk.meaning')}
      </Text>
      {/* A 44 px target for a finger, like every control on a phone. */}
      <Anchor
        component={Link}
        to={SYNC_ISSUES_PATH}
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
      >
        {t('storageRisk.more')}
      </Anchor>
    </Alert>
  );
}
