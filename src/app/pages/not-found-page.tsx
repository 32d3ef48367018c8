/** 404 for unknown paths (docs/architecture.md 'Page not found'), wholly in the UI language. */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon } from '@components/icons';
import { StatusPanel } from '@components/status-panel';

export function NotFoundPage() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusPanel
      eyebrow={t('errors:notFound.status')}
      title={t('errors:notFound.title')}
      message={t('errors:notFound.message')}
      icon={<AlertIcon size={28} />}
      actions={
        <Button component={Link} to="/">
          {t('common:backToOverview')}
        </Button>
      }
    />
  );
}
