/** /auth/logout: shows a spinner while the session ends on the device and at the provider. */
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import { StatusPanel } from '../../components/status-panel';
import { logout } from '../../lib/auth';

export function LogoutPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const started = useRef<number | null>(null);

  useEffect(() => {
    // Once per attempt, also under React's double effects in development.
    if (started.current === attempt) return;
    started.current = attempt;
    logout().catch(() => setFailedAttempt(attempt));
  }, [attempt]);

  if (failedAttempt === attempt) {
    return (
      <StatusPanel
        title={t('auth:logout.title')}
        message={t('auth:logout.errorMessage')}
        icon={<AlertIcon size={28} />}
        color="red"
        actions={<Button onClick={() => setAttempt((a) => a + 1)}>{t('common:retry')}</Button>}
      />
    );
  }
  return (
    <StatusPanel title={t('auth:logout.title')}>
      <Stack align="center" gap="sm" role="status" aria-live="polite" data-testid="logout-page">
        <Loader />
        <Text c="dimmed">{t('auth:logout.inProgress')}</Text>
      </Stack>
    </StatusPanel>
  );
}
