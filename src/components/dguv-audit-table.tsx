/**
 * DGUV audits as a table (SPEC §2 "DGUV audits with report"): start date (linking to the
 * report), auditor, state badge, result counts of the checked hoses and, on the customer
 * dashboard, the machine. Used by the machine's DGUV documents tab and the customer dashboard.
 */
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditListRow, AuditSummary } from '../db/dguv-report-queries';
import type { DguvAudit } from '../domain/schemas/dguv-audit';
import { ListState } from './list-state';

export const AUDIT_STATE_COLORS: Record<DguvAudit['state'], string> = {
  IN_PROGRESS: 'blue',
  COMPLETE: 'orange',
  APPROVED: 'green',
};

/** 'YYYY-MM-DD HH:MM:SS' (wall time) in the UI language, e.g. "06.05.2024, 09:08". */
export function formatAuditStart(startDate: string, language: string): string {
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0] = startDate.split(/[- :]/).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (Number.isNaN(date.getTime())) return startDate;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}

export const auditReportPath = (audit: Pick<DguvAudit, 'companyId' | 'machineId' | 'id'>) =>
  `/customer/${audit.companyId}/machine/${audit.machineId}/dguv/${audit.id}`;

export function AuditStateBadge({ state }: { state: DguvAudit['state'] }) {
  const { t } = useTranslation('enums');
  return (
    <Badge color={AUDIT_STATE_COLORS[state]} variant="light" data-testid="audit-state">
      {t(`AUDIT_STATE.${state}`)}
    </Badge>
  );
}

export function AuditResultCounts({ summary }: { summary: AuditSummary }) {
  const { t } = useTranslation('dguvReport');
  const label = t('table.resultLabel', { ...summary });
  return (
    <Group gap={6} wrap="nowrap" aria-label={label} title={label} data-testid="audit-counts">
      <Badge color="green" variant="light" aria-hidden="true">
        {summary.success}
      </Badge>
      <Badge color="orange" variant="light" aria-hidden="true">
        {summary.warning}
      </Badge>
      <Badge color="red" variant="light" aria-hidden="true">
        {summary.error}
      </Badge>
    </Group>
  );
}

export interface DguvAuditTableProps {
  rows: readonly AuditListRow[] | undefined;
  /** Adds the machine column (customer dashboard). */
  showMachine?: boolean;
}

export function DguvAuditTable({ rows, showMachine = false }: DguvAuditTableProps) {
  const { t, i18n } = useTranslation('dguvReport');
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
                      {formatAuditStart(audit.startDate, i18n.language)}
                    </Anchor>
                  </Table.Td>
                  {showMachine ? (
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {machine
                          ? [machine.machineType, machine.internalId].filter(Boolean).join(' · ')
                          : '—'}
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
      )}
    </ListState>
  );
}
