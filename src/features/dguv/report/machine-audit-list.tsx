/**
 * The machine's DGUV audits (SPEC §2 "DGUV audits with report"), shown in its DGUV documents
 * tab above the uploaded DGUV documents: newest first, each linking to its report.
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DguvAuditTable } from '../../../components/dguv-audit-table';
import { useAuditRows } from '../../../db/dguv-audit-list';

export function MachineAuditList() {
  const { t } = useTranslation('dguvReport');
  const { machineId = '' } = useParams();
  const rows = useAuditRows(machineId ? { machineId } : null);
  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid="machine-audit-list">
      <Stack gap="sm">
        <Title order={3}>{t('table.listTitle')}</Title>
        <DguvAuditTable rows={rows} />
      </Stack>
    </Paper>
  );
}
