/**
 * A machine's next DGUV inspection: the date (red with an "overdue" badge when past), "due
 * now" when a hose was never checked, or "no hoses".
 */
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MachineDue } from '../../db/machine-queries';
import { formatDate } from './machine-format';

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
      ? formatDate(due.nextDue, i18n.language)
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
