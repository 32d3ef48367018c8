/**
 * Reads of the hoses screens beyond db/hooks.ts, all on the device: a customer's hoses with
 * their machines (optionally of one location), a hose's DGUV history, and the defaults of a new
 * hose live (db/pipe-queries computes them; the DGUV audit and the shop use it too).
 */
import type { SchlauchDb } from '../../../db/database';
import { entityTable, listMachines } from '../../../db/entity-repository';
import type { EntityRow } from '../../../db/entity-tables';
import { useDbQuery } from '../../../db/hooks';
import { newPipeDefaults } from '../../../db/pipe-queries';
import { classifyAnswer } from '../../../domain/rules/dguv';
import { newestCheckFirst } from '../../../domain/rules/dguv-status';
import type { DguvResult } from '../../../domain/schemas/dguv-answer';

type Pipe = EntityRow<'pipe'>;
type Machine = EntityRow<'machine'>;
const alive = (row: { deletedAt: string | null }) => row.deletedAt === null;

export interface CustomerPipes {
  /** By machine (the machines' order), then position ascending (SPEC §9). */
  pipes: Pipe[];
  machines: Machine[];
}

/** A customer's live hoses on its live machines; `locationId` limits to one location. */
export async function listCustomerPipes(
  db: SchlauchDb,
  companyId: string,
  locationId: string | null,
): Promise<CustomerPipes> {
  const machines = (await listMachines(db, companyId)).filter(
    (m) => !locationId || m.locationId === locationId,
  );
  const rank = new Map(machines.map((m, i) => [m.id, i]));
  // No Dexie filter: a plain index read is one getAll, a filtered one a cursor step per row.
  const pipes = (
    await entityTable(db, 'pipe').where('companyId').equals(companyId).toArray()
  ).filter((p) => alive(p) && rank.has(p.machineId));
  pipes.sort((a, b) => rank.get(a.machineId)! - rank.get(b.machineId)! || a.position - b.position);
  return { pipes, machines };
}

export interface PipeCheck {
  auditId: string;
  /** The audit's startDate ('YYYY-MM-DD HH:MM:SS'). */
  checkedAt: string;
  result: DguvResult;
}

/** A hose's checks in live audits, newest first, at most `limit`. */
export async function pipeCheckHistory(
  db: SchlauchDb,
  pipeId: string,
  limit = 5,
): Promise<PipeCheck[]> {
  const answers = await entityTable(db, 'dguvAnswer')
    .where('pipeId')
    .equals(pipeId)
    .filter(alive)
    .toArray();
  const audits = await entityTable(db, 'dguvAudit').bulkGet([
    ...new Set(answers.map((a) => a.auditId)),
  ]);
  const startOf = new Map(audits.filter((a) => a && alive(a)).map((a) => [a!.id, a!.startDate]));
  return answers
    .filter((a) => startOf.has(a.auditId))
    .map((a) => ({ ...a, checkedAt: startOf.get(a.auditId)! }))
    .sort(newestCheckFirst)
    .slice(0, limit)
    .map((a) => ({ auditId: a.auditId, checkedAt: a.checkedAt, result: classifyAnswer(a.answer) }));
}

export function useCustomerPipes(companyId: string, locationId: string | null) {
  return useDbQuery(
    (db) => listCustomerPipes(db, companyId, locationId),
    [companyId, locationId],
  );
}

export function usePipeCheckHistory(pipeId: string) {
  return useDbQuery((db) => pipeCheckHistory(db, pipeId), [pipeId]);
}

/** Live like every hook; the create form takes them once, as its initial values. */
export function useNewPipeDefaults(machineId: string) {
  return useDbQuery((db) => newPipeDefaults(db, machineId), [machineId]);
}
