/**
 * The DGUV audit list (docs/architecture.md "DGUV audits with report"), a read model shared by the
 * customer dashboard and the DGUV feature: a machine's or a customer's audits, newest first,
 * with each audit's result counts (each hose's latest check in that audit, classified by
 * rules/dguv) and, for the customer list, the machine's name. Deleted rows are left out.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { classifyAnswer } from '../domain/rules/dguv';
import { getDatabase, type SchlauchDb } from './database';
import type { EntityRow } from './entity-tables';
import { getRow, listAnswers, listAudits, listBy } from './entity-repository';

export type AuditRow = EntityRow<'dguvAudit'>;
export type AnswerRow = EntityRow<'dguvAnswer'>;

/** A customer's audits, newest first. */
export async function listCompanyAudits(db: SchlauchDb, companyId: string) {
  const rows = await listBy(db, 'dguvAudit', 'companyId', companyId);
  return rows.sort((a, b) => b.startDate.localeCompare(a.startDate));
}

/** Each hose's current check in one audit (the latest by device time). */
export async function auditChecksByPipe(
  db: SchlauchDb,
  auditId: string,
): Promise<Map<string, AnswerRow>> {
  const byPipe = new Map<string, AnswerRow>();
  for (const answer of await listAnswers(db, { auditId })) byPipe.set(answer.pipeId, answer);
  return byPipe;
}

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
