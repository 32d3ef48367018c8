/**
 * Everything the DGUV report shows, from the device (docs/architecture.md report): the audit, its customer,
 * machine, location and manufacturer, the machine's hoses and each hose's latest check in
 * this audit. `audit` undefined while loading, null when it is not on this device.
 */
import { useAuditHoses, type AnswerRow, type AuditRow } from '../data/audit-queries';
import type { EntityRow } from '@db/entity-tables';
import { useRow } from '@db/hooks';
import { classifyAnswer } from '@domain/rules/dguv';
import { recordedHoses } from '@domain/rules/hose-life';
import type { DguvResult } from '@domain/schemas/dguv-answer';

export interface ReportLine {
  /** The hose (null: deleted since the check). */
  pipe: EntityRow<'pipe'> | null;
  pipeId: string;
  check: AnswerRow | null;
  result: DguvResult | null;
}

export interface ReportData {
  audit: AuditRow;
  company: EntityRow<'company'> | null | undefined;
  machine: EntityRow<'machine'> | null | undefined;
  location: EntityRow<'location'> | null | undefined;
  manufacturer: EntityRow<'manufacturer'> | null | undefined;
  /**
   * The machine's hoses by position (those checked here and those still installed), then
   * checked hoses that were deleted since.
   */
  lines: ReportLine[] | undefined;
}

export function reportLines(
  pipes: readonly EntityRow<'pipe'>[],
  checks: Map<string, AnswerRow>,
): ReportLine[] {
  const line = (pipeId: string, pipe: EntityRow<'pipe'> | null): ReportLine => {
    const check = checks.get(pipeId) ?? null;
    return { pipe, pipeId, check, result: check ? classifyAnswer(check.answer) : null };
  };
  const known = new Set(pipes.map((p) => p.id));
  return [
    ...recordedHoses(pipes, (id) => checks.has(id)).map((p) => line(p.id, p)),
    ...[...checks.keys()].filter((id) => !known.has(id)).map((id) => line(id, null)),
  ];
}

export function useReportData(auditId: string): ReportData | null | undefined {
  const audit = useRow('dguvAudit', auditId);
  const company = useRow('company', audit?.companyId);
  const machine = useRow('machine', audit?.machineId);
  const location = useRow('location', machine?.locationId);
  const manufacturer = useRow('manufacturer', machine?.manufacturerId);
  const hoses = useAuditHoses(auditId);
  if (!audit) return audit;
  const lines = hoses ? reportLines(hoses.pipes, hoses.checks) : undefined;
  return { audit, company, machine, location, manufacturer, lines };
}
