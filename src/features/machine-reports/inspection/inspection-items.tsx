/**
 * The lines of an inspection report (read-only): what, the result and the note. A list
 * rather than a table, so that long part names and notes wrap on a phone.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { targetKey } from '../target-labels';
import { type ReportRow } from '../report-kinds';
import type { CheckResult } from './checklist-model';

const COLOR: Record<CheckResult, string> = { OK: 'green', DEFECT: 'red', NOT_CHECKED: 'gray' };

export function InspectionItems({
  report,
  labels,
}: {
  report: ReportRow<'inspection'>;
  labels: Map<string, string>;
}) {
  const { t } = useTranslation('inspections');
  if (report.items.length === 0) return <Text c="dimmed">{t('checklist.noTargets')}</Text>;
  return (
    <Stack gap={0} data-testid="inspection-items">
      {report.items.map((item, i) => {
        const key = targetKey(item.targetType, item.targetId);
        return (
          <Stack
            key={key}
            gap={4}
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : {}}
            data-testid="inspection-item"
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'break-word' }}>
                {labels.get(key) ?? t('report.removedTarget')}
              </Text>
              <Badge color={COLOR[item.result]} variant="light" miw="max-content">
                {t(`result.${item.result}`)}
              </Badge>
            </Group>
            {item.note ? (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {t('checklist.note')}: {item.note}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
