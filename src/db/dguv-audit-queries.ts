/**
 * DGUV audit queries (SPEC §2, §4; DESIGN §5 "one running audit per user"): the running audit
 * of the signed-in user, a customer's audits, and each hose's check inside one audit (a
 * correction updates that check, a second technician adds another; the latest wins).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase, type SchlauchDb } from './database';
import type { EntityRow } from './entity-tables';
import { listAnswers, listBy } from './entity-repository';

export type AuditRow = EntityRow<'dguvAudit'>;
export type AnswerRow = EntityRow<'dguvAnswer'>;

/** The user's running (IN_PROGRESS, not deleted) audit, the newest if several arrived. */
export async function runningAuditOf(db: SchlauchDb, userId: string): Promise<AuditRow | null> {
  const mine = await listBy(db, 'dguvAudit', 'auditorUserId', userId);
  const running = mine
    .filter((a) => a.state === 'IN_PROGRESS')
    .sort((a, b) => b.startDate.localeCompare(a.startDate));
  return running[0] ?? null;
}

/** undefined while loading, null when the user has no running audit (or is signed out). */
export function useRunningAudit(userId: string | null | undefined): AuditRow | null | undefined {
  return useLiveQuery(
    async () => (userId ? runningAuditOf(getDatabase(), userId) : null),
    [userId],
  );
}

/** A customer's audits, newest first. */
export async function listCompanyAudits(db: SchlauchDb, companyId: string) {
  const rows = await listBy(db, 'dguvAudit', 'companyId', companyId);
  return rows.sort((a, b) => b.startDate.localeCompare(a.startDate));
}

export function useCompanyAudits(companyId: string) {
  return useLiveQuery(() => listCompanyAudits(getDatabase(), companyId), [companyId]);
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

export function useAuditChecks(auditId: string | null | undefined) {
  return useLiveQuery(
    async () =>
      auditId ? auditChecksByPipe(getDatabase(), auditId) : new Map<string, AnswerRow>(),
    [auditId],
  );
}
