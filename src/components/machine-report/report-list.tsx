/**
 * A machine's inspection or maintenance reports (the documents tab of that kind, above the
 * uploaded documents): newest first with date, technician and state, each linking to its
 * report; staff get a "new" button (it continues their open draft, if any).
 */
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMachineReports } from '../../db/report-queries';
import { useCanEdit } from '../../lib/auth';
import { ListState } from '../list-state';
import { REPORT_NS, formatDay, reportPaths, type ReportEntity } from './report-kinds';
import { ReportStateBadge } from './report-state-badge';

export function ReportList({ entity }: { entity: ReportEntity }) {
  const { t, i18n } = useTranslation(REPORT_NS[entity]);
  const { customerId = '', machineId = '' } = useParams();
  const canEdit = useCanEdit();
  const rows = useMachineReports(entity, machineId);
  const paths = reportPaths(entity, customerId, machineId);

  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid={`${entity}-list`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>{t('list.title')}</Title>
          {canEdit ? (
            <Button component={Link} to={paths.audit()} data-testid={`${entity}-new`}>
              {t('list.new')}
            </Button>
          ) : null}
        </Group>
        <ListState rows={rows} emptyText={t('list.empty')}>
          {(reports) => (
            <Table.ScrollContainer minWidth={420}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.date')}</Table.Th>
                    <Table.Th>{t('list.technician')}</Table.Th>
                    <Table.Th>{t('list.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reports.map((r) => (
                    <Table.Tr key={r.id} data-testid="report-row">
                      <Table.Td>
                        <Anchor component={Link} to={paths.report(r.id)}>
                          {formatDay(r.date, i18n.language)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.technician}</Text>
                      </Table.Td>
                      <Table.Td>
                        <ReportStateBadge entity={entity} state={r.state} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListState>
      </Stack>
    </Paper>
  );
}
