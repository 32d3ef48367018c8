/**
 * Where {@link confirm} dialogs render: Mantine's ModalsProvider with the app's translated
 * defaults (title, button texts, close label) and the dialog width; mount once near the app root.
 * Dialogs open through `modals.*` events, so it need not wrap the screens.
 */
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmHostMounted } from './confirm';

export const CONFIRM_WIDTH = 600;

export function ConfirmDialog() {
  const { t } = useTranslation(['common', 'shell']);
  // After ModalsProvider's own effects (a child's run first): it listens by now.
  useEffect(() => confirmHostMounted(), []);
  return (
    <ModalsProvider
      labels={{ confirm: t('common:accept'), cancel: t('common:cancel') }}
      modalProps={{
        title: t('shell:confirm.defaultTitle'),
        size: CONFIRM_WIDTH,
        centered: true,
        closeButtonProps: { 'aria-label': t('common:close') },
      }}
    />
  );
}
