/**
 * Queries of the DGUV audit list and report (SPEC §2 "DGUV audits with report"): a machine's
 * or a customer's audits with each audit's result counts (each hose's latest check in that
 * audit, classified by rules/dguv) and, for the customer list, the machine's name.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { classifyAnswer } from '../domain/rules/dguv';
import { getDatabase, type SchlauchDb } from './database';
import { auditChecksByPipe, listCompanyAudits, type AuditRow } from './dguv-audit-queries';
import type { EntityRow } from './entity-tables';
import { getRow, listAudits, listPipes } from './entity-repository';

export interface AuditSummary {
  checked: number;
  success: number;
  warning: number;
  error: number;
}

export interface AuditListRow {
  audit: AuditRow;
  summary: AuditSummary;
  /** Machine type (or inventory number when it has none) and inventory number. */
  machine: Pick<EntityRow<'machine'>, 'id' | 'machineType' | 'internalId'> | null;
}

export type AuditListScope = { machineId: string } | { companyId: string };

export async function auditSummary(db: SchlauchDb, auditId: string): Promise<AuditSummary> {
  const summary: AuditSummary = { checked: 0, success: 0, warning: 0, error: 0 };
  for (const check of (await auditChecksByPipe(db, auditId)).values()) {
    summary.checked += 1;
    summary[classifyAnswer(check.answer)] += 1;
  }
  return summary;
}

export async function listAuditRows(
  db: SchlauchDb,
  scope: AuditListScope,
): Promise<AuditListRow[]> {
  const audits =
    'machineId' in scope
      ? await listAudits(db, scope.machineId)
      : await listCompanyAudits(db, scope.companyId);
  const machines = new Map<string, AuditListRow['machine']>();
  const rows: AuditListRow[] = [];
  for (const audit of audits) {
    if (!machines.has(audit.machineId)) {
      const m = await getRow(db, 'machine', audit.machineId);
      machines.set(
        audit.machineId,
        m ? { id: m.id, machineType: m.machineType, internalId: m.internalId } : null,
      );
    }
    rows.push({
      audit,
      summary: await auditSummary(db, audit.id),
      machine: machines.get(audit.machineId) ?? null,
    });
  }
  return rows;
}

/** undefined while loading; live (a check or approval elsewhere updates the list). */
export function useAuditRows(scope: AuditListScope | null): AuditListRow[] | undefined {
  const key = scope ? JSON.stringify(scope) : '';
  return useLiveQuery(
    async () => (scope ? listAuditRows(getDatabase(), scope) : []),
    // The scope literal changes identity each render; its JSON is the dependency.
    [key],
  );
}

export interface AuditHoses {
  auditId: string;
  /** The audit machine's live hoses by position. */
  pipes: EntityRow<'pipe'>[];
  /** Each hose's latest check in the audit. */
  checks: Map<string, EntityRow<'dguvAnswer'>>;
}

/** The hoses of an audit's machine and their checks in it, read together (no mixed states). */
export async function auditHoses(db: SchlauchDb, auditId: string): Promise<AuditHoses | null> {
  const audit = await getRow(db, 'dguvAudit', auditId);
  if (!audit) return null;
  const [pipes, checks] = await Promise.all([
    listPipes(db, audit.machineId),
    auditChecksByPipe(db, auditId),
  ]);
  return { auditId, pipes, checks };
}

/** undefined while loading (also right after `auditId` changed), null for a missing audit. */
export function useAuditHoses(auditId: string): AuditHoses | null | undefined {
  const result = useLiveQuery(() => auditHoses(getDatabase(), auditId), [auditId]);
  return result && result.auditId !== auditId ? undefined : result;
}
