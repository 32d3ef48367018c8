/** Shown by a screen whose row does not exist (deleted, or never synced to this device). */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function NotFoundNotice() {
  const { t } = useTranslation('forms');
  return (
    <Alert color="yellow" role="alert" data-testid="row-not-found">
      {t('notFound')}
    </Alert>
  );
}
