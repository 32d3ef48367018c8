/**
 * A machine's inspection or maintenance reports (the documents tab of that kind, above the
 * uploaded documents): newest first with date, technician and state (a list: it fits a phone), each linking to its
 * report; staff get a "new" button (it continues their open draft, if any).
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMachineReports } from './data/report-queries';
import { useCanEdit } from '@lib/auth';
import { ListState } from '@components/list-state';
import { REPORT_NS, reportPaths, type ReportEntity } from './report-kinds';
import { formatDay } from '@domain/format';
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
            <Stack gap={0}>
              {reports.map((r, i) => (
                <Group
                  key={r.id}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py="xs"
                  style={
                    i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : {}
                  }
                  data-testid="report-row"
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={paths.report(r.id)} fw={500}>
                      {t('list.entry', { date: formatDay(r.date, i18n.language) })}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {r.technician}
                    </Text>
                  </Stack>
                  <ReportStateBadge entity={entity} state={r.state} />
                </Group>
              ))}
            </Stack>
          )}
        </ListState>
      </Stack>
    </Paper>
  );
}
