/**
 * The field guide (findings, service life, hose marking) one tap away on the DGUV screens:
 * the technician looks up what a finding means while checking, and comes back with "back".
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoIcon } from '@components/icons';
import { DGUV_PATHS } from './use-dguv-session';

export function CheatsheetLink() {
  const { t } = useTranslation('routes');
  return (
    <Button
      component={Link}
      to={DGUV_PATHS.cheatsheet}
      variant="subtle"
      mih={44}
      leftSection={<InfoIcon size={16} />}
      data-testid="cheatsheet-link"
    >
      {t('cheatsheet')}
    </Button>
  );
}
