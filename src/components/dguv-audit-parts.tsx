/**
 * Pieces of the DGUV audit list and report: the translated state badge, the result counts
 * (OK / warning / defect), and the report's path.
 */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditSummary } from '../db/dguv-audit-list';
import type { DguvAudit } from '../domain/schemas/dguv-audit';

export const AUDIT_STATE_COLORS: Record<DguvAudit['state'], string> = {
  IN_PROGRESS: 'blue',
  COMPLETE: 'orange',
  APPROVED: 'green',
};

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
    <Group
      gap={6}
      wrap="nowrap"
      // One picture of three numbers, read as its label (aria-label needs a role).
      role="img"
      aria-label={label}
      title={label}
      data-testid="audit-counts"
    >
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

/**
 * The occasion of an audit as the record states it (docs/dguv-record.md): its kind, and an
 * extraordinary audit's event (or the words describing "other").
 */
type OccasionFacts = Pick<DguvAudit, 'occasion' | 'occasionEvent' | 'occasionNote'>;

/** The words of an occasion and of an extraordinary occasion's event, in the UI language. */
export interface OccasionWords {
  occasion: (occasion: NonNullable<DguvAudit['occasion']>) => string;
  event: (event: NonNullable<DguvAudit['occasionEvent']>) => string;
}

/** An audit's occasion in words, with an extraordinary one's event ("other": its description). */
export function occasionLabel(words: OccasionWords, audit: OccasionFacts): string {
  const occasion = words.occasion(audit.occasion ?? 'RECURRING');
  if (!audit.occasionEvent) return occasion;
  const event =
    audit.occasionEvent === 'OTHER' && audit.occasionNote
      ? audit.occasionNote
      : words.event(audit.occasionEvent);
  return `${occasion} – ${event}`;
}

export function useOccasionText(): (audit: OccasionFacts) => string {
  const { t } = useTranslation('enums');
  return (audit) =>
    occasionLabel(
      { occasion: (o) => t(`AUDIT_OCCASION.${o}`), event: (e) => t(`OCCASION_EVENT.${e}`) },
      audit,
    );
}
