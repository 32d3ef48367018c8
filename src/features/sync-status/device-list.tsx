/**
 * Devices and their latest reports (docs/sync.md "Device reports"): the office's Devices
 * screen lists every user's, Sync issues the user's own. Problems first (sortDevices), each
 * said in words beside the numbers.
 */
import { Alert, Badge, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '@domain/format';
import { deviceProblems, sortDevices, type DeviceProblem } from '@domain/rules/devices';
import type { Device } from '@domain/sync-contract';

const PROBLEM_COLOR: Record<DeviceProblem, string> = {
  storageWiped: 'red',
  oldUnsent: 'red',
  refused: 'orange',
  storageAtRisk: 'yellow',
};

export interface DeviceListProps {
  devices: Device[] | null | undefined;
  /** Show whose device it is (the office's list). */
  showUser: boolean;
  /** For the table's accessible name. */
  labelledBy: string;
  now?: number;
}

export function DeviceList({ devices, showUser, labelledBy, now = Date.now() }: DeviceListProps) {
  const { t, i18n } = useTranslation('sync');
  const lng = i18n.language;
  if (devices === undefined) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('devices.loading')}</Text>
      </Group>
    );
  }
  if (devices === null) {
    return (
      <Alert color="gray" variant="light" data-testid="devices-unavailable">
        {t('devices.unavailable')}
      </Alert>
    );
  }
  if (devices.length === 0) {
    return (
      <Text c="dimmed" data-testid="devices-empty">
        {t('devices.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={640}
      // Scrolls sideways on a phone: reachable by Tab to scroll with the arrow keys.
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy },
      }}
    >
      <Table striped aria-labelledby={labelledBy} data-testid="device-list">
        <Table.Thead>
          <Table.Tr>
            {showUser ? <Table.Th>{t('devices.user')}</Table.Th> : null}
            <Table.Th>{t('devices.lastContact')}</Table.Th>
            <Table.Th>{t('devices.pending')}</Table.Th>
            <Table.Th>{t('devices.oldestPending')}</Table.Th>
            <Table.Th>{t('devices.refused')}</Table.Th>
            <Table.Th>{t('devices.version')}</Table.Th>
            <Table.Th>{t('devices.problems')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortDevices(devices, now).map((d) => {
            const problems = deviceProblems(d, now);
            return (
              <Table.Tr key={d.clientId} data-testid="device-row" data-client-id={d.clientId}>
                {showUser ? <Table.Td>{d.userName}</Table.Td> : null}
                <Table.Td>{formatMoment(d.lastContactAt, lng)}</Table.Td>
                <Table.Td>{d.report.pending}</Table.Td>
                <Table.Td>
                  {d.oldestPendingAt ? formatMoment(d.oldestPendingAt, lng) : '—'}
                </Table.Td>
                <Table.Td>{d.report.refused}</Table.Td>
                <Table.Td>{d.report.appVersion}</Table.Td>
                <Table.Td>
                  {problems.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('devices.ok')}
                    </Text>
                  ) : (
                    <Group gap={4}>
                      {problems.map((p) => (
                        <Badge key={p} color={PROBLEM_COLOR[p]} variant="light" data-problem={p}>
                          {t(`devices.problem.${p}`)}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
