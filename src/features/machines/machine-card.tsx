/**
 * One machine of the list as a card linking to its dashboard (works on phones and desktops),
 * and the next-inspection label it shares with the dashboard.
 */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MachineDue, MachineSummary } from '@db/machine-queries';
import { formatDay } from '@domain/format';
import { locationLabel, machinePath } from './machine-format';

/**
 * Memoised per summary: a keystroke in the search re-renders only the cards that come in. Its
 * link is a plain anchor (the list navigates for it, components/use-link-delegate), so a
 * change of the URL does not re-render every card either.
 */
export const MachineCard = memo(function MachineCard({ row }: { row: MachineSummary }) {
  const { t } = useTranslation('machines');
  const { machine } = row;
  const place = row.location ? locationLabel(row.location) : t('fields.noLocation');
  return (
    <Card
      withBorder
      padding="md"
      component="a"
      href={machinePath(machine.companyId, machine.id)}
      data-testid="machine-card"
    >
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {row.manufacturer ?? '—'}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'break-word' }}>
          {machine.machineType || machine.internalId}
        </Text>
        <Text size="sm">{t('inventoryNumber', { value: machine.internalId })}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
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
});

/**
 * A machine's next DGUV inspection: the date (red with an "overdue" badge when past), "due
 * now" when a hose was never checked, or "no hoses".
 */
export function DueLabel({ due, hoseCount }: { due: MachineDue; hoseCount: number }) {
  const { t, i18n } = useTranslation('machines');
  if (hoseCount === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('due.noHoses')}
      </Text>
    );
  }
  const text = due.neverChecked
    ? t('due.neverChecked')
    : due.nextDue
      ? formatDay(due.nextDue, i18n.language)
      : '';
  return (
    <Group gap={6} wrap="wrap" data-testid="machine-due" data-overdue={due.overdue}>
      <Text size="sm" c={due.overdue ? 'red' : undefined} fw={due.overdue ? 600 : undefined}>
        {text}
      </Text>
      {due.overdue && !due.neverChecked ? (
        <Badge color="red" variant="light" size="sm">
          {t('due.overdue')}
        </Badge>
      ) : null}
    </Group>
  );
}
