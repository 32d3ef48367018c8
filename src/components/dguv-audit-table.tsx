/**
 * DGUV audits as a table (docs/architecture.md "DGUV audits with report"): start date (linking to the
 * report), auditor, state badge, result counts of the checked hoses and, on the customer
 * dashboard, the machine. Used by the machine's DGUV documents tab and the customer dashboard.
 */
import { Anchor, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditListRow } from '../db/dguv-audit-list';
import {
  AuditResultCounts,
  AuditStateBadge,
  auditReportPath,
  useOccasionText,
} from './dguv-audit-parts';
import { formatMoment } from '../domain/format';
import { ListState } from './list-state';

export {
  AUDIT_STATE_COLORS,
  AuditResultCounts,
  AuditStateBadge,
  auditReportPath,
} from './dguv-audit-parts';

export interface DguvAuditTableProps {
  rows: readonly AuditListRow[] | undefined;
  /** Adds the machine column (customer dashboard). */
  showMachine?: boolean;
}

export function DguvAuditTable({ rows, showMachine = false }: DguvAuditTableProps) {
  const { t, i18n } = useTranslation('dguvReport');
  const occasionText = useOccasionText();
  // Own empty text: the documents tab below shows ListState's 'empty-state' for its uploads.
  if (rows?.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" data-testid="dguv-audits-empty">
        {t('table.empty')}
      </Text>
    );
  }
  return (
    <ListState rows={rows}>
      {(audits) => (
        <>
          {/* Phones: one card per audit, so state and result need no sideways scrolling. */}
          <Stack gap="xs" hiddenFrom="sm">
            {audits.map((row) => (
              <AuditCard key={row.audit.id} row={row} showMachine={showMachine} />
            ))}
          </Stack>
          <Box visibleFrom="sm">
            <Table.ScrollContainer minWidth={showMachine ? 640 : 520}>
              <Table striped highlightOnHover data-testid="dguv-audit-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('table.date')}</Table.Th>
                    {showMachine ? <Table.Th>{t('table.machine')}</Table.Th> : null}
                    <Table.Th>{t('table.auditor')}</Table.Th>
                    <Table.Th>{t('table.state')}</Table.Th>
                    <Table.Th>{t('table.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {audits.map(({ audit, summary, machine }) => (
                    <Table.Tr key={audit.id} data-testid="dguv-audit-row">
                      <Table.Td>
                        <Anchor component={Link} to={auditReportPath(audit)} size="sm">
                          {formatMoment(audit.startDate, i18n.language)}
                        </Anchor>
                        <Text size="xs" c="dimmed" data-testid="audit-occasion">
                          {occasionText(audit)}
                        </Text>
                      </Table.Td>
                      {showMachine ? (
                        <Table.Td>
                          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                            {machineLabel(machine)}
                          </Text>
                        </Table.Td>
                      ) : null}
                      <Table.Td>
                        <Text size="sm">{audit.auditor}</Text>
                      </Table.Td>
                      <Table.Td>
                        <AuditStateBadge state={audit.state} />
                      </Table.Td>
                      <Table.Td>
                        <AuditResultCounts summary={summary} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
        </>
      )}
    </ListState>
  );
}

const machineLabel = (machine: AuditListRow['machine']) =>
  machine ? [machine.machineType, machine.internalId].filter(Boolean).join(' · ') : '—';

function AuditCard({ row, showMachine }: { row: AuditListRow; showMachine: boolean }) {
  const { i18n } = useTranslation('dguvReport');
  const occasionText = useOccasionText();
  const { audit, summary, machine } = row;
  return (
    <Card withBorder padding="sm" data-testid="dguv-audit-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={auditReportPath(audit)} fw={600}>
            {formatMoment(audit.startDate, i18n.language)}
          </Anchor>
          <AuditStateBadge state={audit.state} />
        </Group>
        <Text size="sm" data-testid="audit-occasion">
          {occasionText(audit)}
        </Text>
        {showMachine ? (
          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
            {machineLabel(machine)}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {audit.auditor}
          </Text>
          <AuditResultCounts summary={summary} />
        </Group>
      </Stack>
    </Card>
  );
}
