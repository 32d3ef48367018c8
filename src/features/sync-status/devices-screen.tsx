/**
 * The office's Devices screen (docs/operations.md): every user's devices with their latest
 * report — last contact, unsent work and since when, refusals, app version, storage at risk —
 * problems first. Online only: the reports are on the server.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDevices } from './data/devices-api';
import { DeviceList } from './device-list';

export function DevicesScreen() {
  const { t } = useTranslation(['sync', 'routes']);
  const { devices, reload } = useDevices('all');
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} id="devices-heading">
            {t('routes:devices')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('sync:devices.intro')}
          </Text>
        </div>
        <Button variant="light" mih={44} onClick={() => void reload()}>
          {t('sync:devices.reload')}
        </Button>
      </Group>
      <DeviceList devices={devices} showUser labelledBy="devices-heading" />
    </Stack>
  );
}
