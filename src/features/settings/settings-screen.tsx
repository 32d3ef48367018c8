/**
 * `/settings` (can-edit): company data and hose settings (admins save, other staff read),
 * and per-customer branding.
 */
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@components/page-header';
import { useAllRows } from '@db/hooks';
import { usePermission } from '@lib/auth';
import { BrandingSection } from './branding-section';
import { CompanySettingsForm } from './company-settings-form';

export function SettingsScreen() {
  const { t } = useTranslation(['settings', 'routes']);
  const isAdmin = usePermission('has-admin-permission');
  const rows = useAllRows('companySettings');
  const settings = rows?.[0];
  return (
    <>
      <PageHeader title={t('routes:settings')} subtitle={isAdmin ? null : t('readOnly')} />
      <Stack gap="md">
        {rows === undefined ? (
          <Center py="xl" role="status" aria-live="polite">
            <Stack align="center" gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('loading')}
              </Text>
            </Stack>
          </Center>
        ) : settings ? (
          // Not re-made on a new version (that would drop unsaved input): the form takes in a
          // newer row itself while nothing is unsaved.
          <CompanySettingsForm key={settings.id} settings={settings} canSave={isAdmin} />
        ) : (
          <Text c="dimmed" data-testid="settings-empty">
            {t('noSettings')}
          </Text>
        )}
        <BrandingSection canSave={isAdmin} />
      </Stack>
    </>
  );
}
