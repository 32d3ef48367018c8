/**
 * The office start screen's warning (docs/operations.md): devices holding work older than a
 * day, with the way to the Devices screen. Nothing when every device is fine or the reports
 * cannot be read (offline).
 */
import { Alert, Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoment } from '@domain/format';
import { hasOldUnsent } from '@domain/rules/devices';
import { useDevices } from './data/devices-api';
import { DEVICES_PATH } from './paths';

export function DeviceWarning({ now = Date.now() }: { now?: number }) {
  const { t, i18n } = useTranslation('sync');
  const { devices } = useDevices('all');
  const stuck = (devices ?? []).filter((d) => hasOldUnsent(d, now));
  if (stuck.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('devices.warningTitle', { count: stuck.length })}
      data-testid="device-warning"
    >
      <List size="sm" mb="xs">
        {stuck.map((d) => (
          <List.Item key={d.clientId}>
            {t('devices.warningItem', {
              user: d.userName,
              count: d.report.pending,
              since: formatMoment(d.oldestPendingAt, i18n.language),
            })}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to={DEVICES_PATH}>
        {t('devices.warningLink')}
      </Anchor>
    </Alert>
  );
}
