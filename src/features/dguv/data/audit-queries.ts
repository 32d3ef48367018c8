/**
 * DGUV audit queries of the audit screens (docs/architecture.md, docs/api.md; docs/architecture.md "one running audit per
 * user"): the running audit of the signed-in user, each hose's check inside one audit (a
 * correction updates that check, a second technician adds another; the latest wins) and the
 * hoses of an audit's machine with their checks. The audit list lives in db/dguv-audit-list
 * (the customer dashboard shows it too).
 */
import type { SchlauchDb } from '@db/database';
import {
  auditChecksByPipe,
  type AnswerRow,
  type AuditRow,
} from '@db/dguv-audit-list';
import type { EntityRow } from '@db/entity-tables';
import { getRow, listBy, listPipes } from '@db/entity-repository';
import { useDbQuery } from '@db/hooks';

export type { AnswerRow, AuditRow };

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
  return useDbQuery(async (db) => (userId ? runningAuditOf(db, userId) : null), [userId]);
}

export function useAuditChecks(auditId: string | null | undefined) {
  return useDbQuery(
    async (db) => (auditId ? auditChecksByPipe(db, auditId) : new Map<string, AnswerRow>()),
    [auditId],
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
  const result = useDbQuery((db) => auditHoses(db, auditId), [auditId]);
  return result && result.auditId !== auditId ? undefined : result;
}
