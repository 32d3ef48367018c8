/** The work lines of a maintenance report (read-only): what was done, parts, what it concerns. */
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { targetKey } from '../target-labels';
import { type ReportRow } from '../report-kinds';

export function MaintenanceItems({
  report,
  labels,
}: {
  report: ReportRow<'maintenance'>;
  labels: Map<string, string>;
}) {
  const { t } = useTranslation('maintenance');
  if (report.items.length === 0) return <Text c="dimmed">{t('work.empty')}</Text>;
  const target = (type: string | null, id: string | null) =>
    type && id
      ? (labels.get(targetKey(type, id)) ?? t('report.removedTarget'))
      : t('report.wholeMachine');
  return (
    <Stack gap="sm" data-testid="maintenance-items">
      {report.items.map((item, i) => (
        <Paper key={i} withBorder p="sm" radius="sm">
          <Text fw={600} mb={4}>
            {t('work.line', { number: i + 1 })}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} mb="xs">
            {item.description}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('work.partsReplaced')}
              </Text>
              <Text size="sm">{item.partsReplaced ?? '–'}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('work.target')}
              </Text>
              <Text size="sm">{target(item.targetType, item.targetId)}</Text>
            </Stack>
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
