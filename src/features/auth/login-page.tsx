/**
 * /auth/login: hands signed-out visitors to the identity provider, keeping the requested path
 * (`redirect`) for afterwards. Offline, it explains that sign-in needs the network.
 */
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertIcon, CloudOffIcon } from '@components/icons';
import { LanguageSwitcher } from '@components/language-switcher';
import { StatusPanel } from '@components/status-panel';
import { safeRedirect } from '@lib/auth';
import { useAutoLogin } from './use-auto-login';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const { state, retry } = useAutoLogin(safeRedirect(params.get('redirect')));

  return (
    <Stack gap="lg" data-testid="login-page" data-state={state}>
      <Group justify="flex-end">
        <LanguageSwitcher variant="default" />
      </Group>
      {state === 'redirecting' ? (
        <StatusPanel title={t('auth:login.title')}>
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader />
            <Text c="dimmed">{t('auth:login.redirecting')}</Text>
          </Stack>
        </StatusPanel>
      ) : (
        <StatusPanel
          title={state === 'offline' ? t('auth:login.offlineTitle') : t('auth:login.errorTitle')}
          message={
            state === 'offline' ? t('auth:login.offlineMessage') : t('auth:login.errorMessage')
          }
          icon={state === 'offline' ? <CloudOffIcon size={28} /> : <AlertIcon size={28} />}
          color={state === 'offline' ? 'gray' : 'red'}
          actions={<Button onClick={retry}>{t('common:retry')}</Button>}
        />
      )}
    </Stack>
  );
}
