/**
 * Tells the user that the access token no longer works and offers a new sign-in that returns
 * to the current page. Work on the device is kept meanwhile (docs/sync.md, auth offline).
 */
import { Affix, Button, Notification, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@components/icons';
import { snack } from '@components/snacks';
import { login, useAuthStore } from '@lib/auth';
import { useOnlineStatus } from '@lib/network/use-online-status';

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function SessionExpiredNotice() {
  const { t, i18n } = useTranslation('shell');
  const expired = useAuthStore((s) => s.status === 'authenticated' && s.accessTokenExpired);
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);
  if (!expired) return null;

  const signIn = () => {
    setBusy(true);
    login(currentPath(), i18n.language).catch(() => {
      setBusy(false);
      snack({ text: t('session.signInFailed'), type: 'error' });
    });
  };

  return (
    <Affix position={{ top: 72, right: 16 }} zIndex={450}>
      <Notification
        color="orange"
        icon={<AlertIcon size={18} />}
        title={t('session.expiredTitle')}
        withCloseButton={false}
        w={360}
        maw="calc(100vw - 32px)"
        withBorder
        role="alert"
        data-testid="session-expired"
      >
        <Text size="sm">{t('session.expiredMessage')}</Text>
        {online ? null : (
          <Text size="sm" c="dimmed" mt={4}>
            {t('network.offlineHint')}
          </Text>
        )}
        <Button mt="sm" size="xs" color="orange" onClick={signIn} loading={busy} disabled={!online}>
          {t('session.signInAgain')}
        </Button>
      </Notification>
    </Affix>
  );
}
