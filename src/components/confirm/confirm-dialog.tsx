/**
 * Where {@link confirm} dialogs render: Mantine's ModalsProvider with the app's translated
 * defaults (title, button texts, close label) and the dialog width; mount once near the app root.
 * Dialogs open through `modals.*` events, so it need not wrap the screens.
 */
import { ModalsProvider } from '@mantine/modals';
import { useTranslation } from 'react-i18next';

export const CONFIRM_WIDTH = 600;

export function ConfirmDialog() {
  const { t } = useTranslation(['common', 'shell']);
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
