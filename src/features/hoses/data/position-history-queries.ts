/**
 * The history of a hose's position on the device, offline (docs/hose-lifecycle.md "The
 * position's history"): every assembly that sat there, found through the predecessor and
 * successor links among the machine's hoses (rules/hose-life `positionHistory`), newest
 * first, each with its inspections in live audits — day, occasion, result and findings.
 */
import type { SchlauchDb } from '@db/database';
import { entityTable, listPipes } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useDbQuery } from '@db/hooks';
import { classifyAnswer } from '@domain/rules/dguv';
import { newestCheckFirst } from '@domain/rules/dguv-status';
import { positionHistory } from '@domain/rules/hose-life';
import { DGUV_OK, type DguvResult } from '@domain/schemas/dguv-answer';
import type { AuditOccasion } from '@domain/schemas/enums';

type Pipe = EntityRow<'pipe'>;
const alive = (row: { deletedAt: string | null }) => row.deletedAt === null;

export interface PositionInspection {
  auditId: string;
  /** The audit's startDate ('YYYY-MM-DD HH:MM:SS'). */
  checkedAt: string;
  occasion: AuditOccasion;
  result: DguvResult;
  /** The stored findings (German texts, docs/architecture.md); empty for "OK". */
  findings: string[];
}

export interface PositionAssembly {
  pipe: Pipe;
  /** Newest first. */
  inspections: PositionInspection[];
}

/** The position's assemblies, newest first; null when the hose is not on the device. */
export async function positionHistoryOf(
  db: SchlauchDb,
  pipeId: string,
): Promise<PositionAssembly[] | null> {
  const pipe = await entityTable(db, 'pipe').get(pipeId);
  if (!pipe || !alive(pipe)) return null;
  // A swap keeps the machine (rules/hose-life `swapIssue`): the links stay among its hoses.
  const byId = new Map((await listPipes(db, pipe.machineId)).map((p) => [p.id, p]));
  byId.set(pipe.id, pipe);
  const assemblies = positionHistory(pipe, byId).reverse();
  const ids = assemblies.map((p) => p.id);
  const answers = (await entityTable(db, 'dguvAnswer').where('pipeId').anyOf(ids).toArray()).filter(
    alive,
  );
  const audits = await entityTable(db, 'dguvAudit').bulkGet([
    ...new Set(answers.map((a) => a.auditId)),
  ]);
  const auditById = new Map(
    audits.filter((a): a is EntityRow<'dguvAudit'> => a !== undefined && alive(a)).map((a) => [
      a.id,
      a,
    ]),
  );
  return assemblies.map((p) => ({
    pipe: p,
    inspections: answers
      .filter((a) => a.pipeId === p.id && auditById.has(a.auditId))
      .map((a) => ({ ...a, checkedAt: auditById.get(a.auditId)!.startDate }))
      .sort(newestCheckFirst)
      .map((a) => ({
        auditId: a.auditId,
        checkedAt: a.checkedAt,
        occasion: auditById.get(a.auditId)!.occasion,
        result: classifyAnswer(a.answer),
        findings: a.answer.filter((value) => value !== DGUV_OK),
      })),
  }));
}

export function usePositionHistory(pipeId: string) {
  return useDbQuery((db) => positionHistoryOf(db, pipeId), [pipeId]);
}
