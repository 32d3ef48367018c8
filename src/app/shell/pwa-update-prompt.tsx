/**
 * Announces a new app version and installs it only when the user says so (docs/sync.md: a new
 * version never reloads a half-filled form on its own).
 */
import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { snack } from '@components/snacks';
import { WRAP_BUTTON } from '@components/wrap-styles';
import { usePwaUpdate } from '@lib/pwa/use-pwa-update';

export function PwaUpdatePrompt() {
  const { t } = useTranslation('shell');
  const { needRefresh, offlineReady, update, dismiss } = usePwaUpdate();

  useEffect(() => {
    if (!offlineReady || needRefresh) return;
    snack({ text: t('pwa.offlineReady'), type: 'success' });
    dismiss();
  }, [offlineReady, needRefresh, dismiss, t]);

  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 48, left: 16 }} zIndex={450}>
      <Notification
        title={t('pwa.updateTitle')}
        onClose={dismiss}
        closeButtonProps={{ 'aria-label': t('pwa.later') }}
        w={360}
        maw="calc(100vw - 32px)"
        withBorder
        data-testid="pwa-update"
      >
        <Text size="sm">{t('pwa.updateMessage')}</Text>
        <Group mt="sm" gap="xs">
          {/* 44 px targets for a finger, the labels wrapping on a narrow phone. */}
          <Button size="xs" styles={WRAP_BUTTON} onClick={() => void update()}>
            {t('pwa.updateNow')}
          </Button>
          <Button size="xs" styles={WRAP_BUTTON} variant="default" onClick={dismiss}>
            {t('pwa.later')}
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
