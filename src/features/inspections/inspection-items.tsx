/** The lines of an inspection report (read-only): what, the result and the note. */
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { targetKey, type ReportRow } from '../../components/machine-report';
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
    <Table.ScrollContainer minWidth={480}>
      <Table striped data-testid="inspection-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('checklist.part')}</Table.Th>
            <Table.Th>{t('checklist.result')}</Table.Th>
            <Table.Th>{t('checklist.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.items.map((item) => {
            const key = targetKey(item.targetType, item.targetId);
            return (
              <Table.Tr key={key}>
                <Table.Td>{labels.get(key) ?? t('report.removedTarget')}</Table.Td>
                <Table.Td>
                  <Badge color={COLOR[item.result]} variant="light" miw="max-content">
                    {t(`result.${item.result}`)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{item.note ?? ''}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
