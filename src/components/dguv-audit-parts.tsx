/**
 * Pieces of the DGUV audit list and report: the translated state badge, the result counts
 * (OK / warning / defect), the start date in the UI language and the report's path.
 */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditSummary } from '../db/dguv-report-queries';
import type { DguvAudit } from '../domain/schemas/dguv-audit';

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
