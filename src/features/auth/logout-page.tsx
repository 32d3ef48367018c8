/**
 * /auth/logout: checks for changes not yet sent first — with any, the user chooses to sync
 * and then sign out, sign out anyway (the data stays on the device for the next sign-in of
 * the same user) or cancel. Then a spinner while the session ends on the device and at the
 * provider.
 */
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertIcon } from '@components/icons';
import { StatusPanel } from '@components/status-panel';
import { logout } from '@lib/auth';
import { syncNow, unsentChanges } from './unsent-changes';

type Step =
  | { kind: 'checking' }
  | { kind: 'ask'; count: number; incomplete: boolean }
  | { kind: 'syncing' }
  | { kind: 'signing-out' }
  | { kind: 'failed' };

function Waiting({ text }: { text: string }) {
  return (
    <Stack align="center" gap="sm" role="status" aria-live="polite" data-testid="logout-page">
      <Loader />
      <Text c="dimmed">{text}</Text>
    </Stack>
  );
}

export function LogoutPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const started = useRef(false);

  const signOut = () => {
    setStep({ kind: 'signing-out' });
    logout().catch(() => setStep({ kind: 'failed' }));
  };

  useEffect(() => {
    // Once, also under React's double effects in development.
    if (started.current) return;
    started.current = true;
    unsentChanges()
      .catch(() => 0)
      .then((count) => {
        if (count > 0) setStep({ kind: 'ask', count, incomplete: false });
        else signOut();
      });
  }, []);

  const syncThenSignOut = async () => {
    setStep({ kind: 'syncing' });
    await syncNow().catch(() => undefined);
    const count = await unsentChanges().catch(() => 0);
    if (count > 0) setStep({ kind: 'ask', count, incomplete: true });
    else signOut();
  };

  const cancel = () => {
    // Back to where the user came from; to the overview when the app opened here.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  if (step.kind === 'failed') {
    return (
      <StatusPanel
        title={t('auth:logout.title')}
        message={t('auth:logout.errorMessage')}
        icon={<AlertIcon size={28} />}
        color="red"
        actions={<Button onClick={signOut}>{t('common:retry')}</Button>}
      />
    );
  }
  if (step.kind === 'ask') {
    return (
      <div role="alertdialog" aria-labelledby="logout-pending-title" data-testid="logout-pending">
        <StatusPanel
          title={t('auth:logout.pendingTitle')}
          icon={<AlertIcon size={28} />}
          color="orange"
          message={t('auth:logout.pendingMessage', { count: step.count })}
          actions={
            <Group justify="center" gap="sm">
              <Button onClick={() => void syncThenSignOut()}>
                {t('auth:logout.syncThenSignOut')}
              </Button>
              <Button variant="light" color="red" onClick={signOut}>
                {t('auth:logout.signOutAnyway')}
              </Button>
              <Button variant="subtle" onClick={cancel}>
                {t('common:cancel')}
              </Button>
            </Group>
          }
        >
          {step.incomplete ? (
            <Text c="red" role="alert">
              {t('auth:logout.syncIncomplete')}
            </Text>
          ) : null}
          <Text size="sm">{t('auth:logout.pendingKeepHint')}</Text>
        </StatusPanel>
      </div>
    );
  }
  const waitingText =
    step.kind === 'checking'
      ? t('auth:logout.checking')
      : step.kind === 'syncing'
        ? t('auth:logout.syncing')
        : t('auth:logout.inProgress');
  return (
    <StatusPanel title={t('auth:logout.title')}>
      <Waiting text={waitingText} />
    </StatusPanel>
  );
}
