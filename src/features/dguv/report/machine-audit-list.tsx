/**
 * The machine's DGUV audits (docs/architecture.md "DGUV audits with report"), shown in its DGUV documents
 * tab above the uploaded DGUV documents: newest first, each linking to its report; "Export
 * CSV" saves the history as listed (made on the device, offline too).
 */
import { Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DguvAuditTable } from '@components/dguv-audit-table';
import { ExportMenu } from '@components/export-menu';
import { getDatabase } from '@db/database';
import { useAuditRows } from '@db/dguv-audit-list';
import { useMachineSummary } from '@db/machine-queries';
import { exportFileName } from '@lib/export/download';
import { machineLabel } from '../dguv-labels';
import { auditHistoryTable, historyLines } from '../export/audit-history';

export function MachineAuditList() {
  const { t } = useTranslation(['dguvReport', 'enums']);
  const { machineId = '' } = useParams();
  const rows = useAuditRows(machineId ? { machineId } : null);
  const summary = useMachineSummary(machineId);
  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid="machine-audit-list">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3}>{t('table.listTitle')}</Title>
          <ExportMenu
            formats={['csv']}
            disabled={!rows?.length}
            table={async () => auditHistoryTable(t, await historyLines(getDatabase(), rows ?? []))}
            fileName={(format) =>
              exportFileName(
                t('export.fileName'),
                summary ? machineLabel(summary) : machineId,
                format,
              )
            }
          />
        </Group>
        <DguvAuditTable rows={rows} />
      </Stack>
    </Paper>
  );
}
