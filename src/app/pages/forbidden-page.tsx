/** Shown in place of a screen the user lacks the permission for (not a redirect, no loops). */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldIcon } from '@components/icons';
import { StatusPanel } from '@components/status-panel';

export function ForbiddenPage() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusPanel
      eyebrow="403"
      title={t('errors:forbidden.title')}
      message={t('errors:forbidden.message')}
      icon={<ShieldIcon size={28} />}
      color="orange"
      actions={
        <Button component={Link} to="/" variant="light">
          {t('common:backToOverview')}
        </Button>
      }
    />
  );
}
