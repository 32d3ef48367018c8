/**
 * The signed-in user's devices on Sync issues (docs/sync.md "Device reports"): what each of
 * them last told the server — also a phone left in the van with work not sent.
 */
import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDevices } from './data/devices-api';
import { DeviceList } from './device-list';

export function OwnDevices() {
  const { t } = useTranslation('sync');
  const { devices } = useDevices('mine');
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="sync-devices">
      <Title order={2} size="h4" id="sync-devices" mb={4}>
        {t('devices.ownHeading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('devices.ownIntro')}
      </Text>
      <DeviceList devices={devices} showUser={false} labelledBy="sync-devices" />
    </Card>
  );
}
