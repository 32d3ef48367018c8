/** One machine of the list as a card linking to its dashboard (works on phones and desktops). */
import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MachineSummary } from '../../db/machine-queries';
import { DueLabel } from './due-label';
import { locationLabel, machinePath } from './machine-format';

export function MachineCard({ row }: { row: MachineSummary }) {
  const { t } = useTranslation('machines');
  const { machine } = row;
  const place = row.location ? locationLabel(row.location) : t('fields.noLocation');
  const title = [row.manufacturer, machine.machineType].filter(Boolean).join(' ');
  return (
    <Card
      withBorder
      padding="md"
      component={Link}
      to={machinePath(machine.companyId, machine.id)}
      data-testid="machine-card"
      aria-label={`${title || machine.internalId} · ${t('inventoryNumber', { value: machine.internalId })}`}
    >
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {row.manufacturer ?? '—'}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {machine.machineType || machine.internalId}
        </Text>
        <Text size="sm">{t('inventoryNumber', { value: machine.internalId })}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {place}
          {machine.positionOnLocation ? ` · ${machine.positionOnLocation}` : ''}
        </Text>
        <Text size="sm" mt={4}>
          {t('due.hoses', { count: row.hoseCount })}
        </Text>
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('due.label')}:
          </Text>
          <DueLabel due={row} hoseCount={row.hoseCount} />
        </Group>
      </Stack>
    </Card>
  );
}
