/**
 * Reads of the hoses screens beyond db/hooks.ts, all on the device: the hose lists (a
 * customer's hoses with their machines, optionally of one location, or a machine's) with
 * their DGUV statuses, first the first screen's lines, then all; a hose's DGUV
 * history, and the defaults of a new hose live (db/pipe-code-queries computes them; the DGUV audit
 * and the shop use it too).
 */
import type { SchlauchDb } from '@db/database';
import {
  entityTable,
  listFirstPipes,
  listMachines,
  listPipes,
} from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useDbQuery } from '@db/hooks';
import { useHoseListData, type HoseListRead } from './use-hose-list-data';
import { newPipeDefaults } from '@db/pipe-code-queries';
import { classifyAnswer } from '@domain/rules/dguv';
import { newestCheckFirst } from '@domain/rules/dguv-status';
import type { DguvResult } from '@domain/schemas/dguv-answer';

type Pipe = EntityRow<'pipe'>;
type Machine = EntityRow<'machine'>;
const alive = (row: { deletedAt: string | null }) => row.deletedAt === null;

export interface CustomerPipes {
  /** By machine (the machines' order), then position ascending (docs/api.md). */
  pipes: Pipe[];
  machines: Machine[];
}

/** Lines a hose list reads for its first screen: a tall window's worth and the overscan. */
export const FIRST_SCREEN_LINES = 40;

const customerMachines = async (db: SchlauchDb, companyId: string, locationId: string | null) =>
  (await listMachines(db, companyId)).filter((m) => !locationId || m.locationId === locationId);

/** A customer's live hoses on its live machines; `locationId` limits to one location. */
export async function listCustomerPipes(
  db: SchlauchDb,
  companyId: string,
  locationId: string | null,
): Promise<CustomerPipes> {
  const machines = await customerMachines(db, companyId, locationId);
  const rank = new Map(machines.map((m, i) => [m.id, i]));
  // No Dexie filter: a plain index read is one getAll, a filtered one a cursor step per row.
  const pipes = (
    await entityTable(db, 'pipe').where('companyId').equals(companyId).toArray()
  ).filter((p) => alive(p) && rank.has(p.machineId));
  pipes.sort((a, b) => rank.get(a.machineId)! - rank.get(b.machineId)! || a.position - b.position);
  return { pipes, machines };
}

/** The first `limit` lines of listCustomerPipes, in its order (a long list's first screen). */
export async function firstCustomerPipes(
  db: SchlauchDb,
  companyId: string,
  locationId: string | null,
  limit = FIRST_SCREEN_LINES,
): Promise<HoseListRead> {
  const machines = await customerMachines(db, companyId, locationId);
  const first = await listFirstPipes(
    db,
    machines.map((m) => m.id),
    limit,
  );
  return { ...first, machines };
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

/** The customer's hoses: the first screen's at once, all after it (use-hose-list-data). */
export function useCustomerPipes(companyId: string, locationId: string | null) {
  return useHoseListData(
    (db) => firstCustomerPipes(db, companyId, locationId),
    (db) => listCustomerPipes(db, companyId, locationId),
    [companyId, locationId],
  );
}

/** A machine's hoses by position, staged like useCustomerPipes. */
export function useMachinePipes(machineId: string) {
  return useHoseListData(
    (db) => listFirstPipes(db, [machineId], FIRST_SCREEN_LINES),
    async (db) => ({ pipes: await listPipes(db, machineId) }),
    [machineId],
  );
}

export function usePipeCheckHistory(pipeId: string) {
  return useDbQuery((db) => pipeCheckHistory(db, pipeId), [pipeId]);
}

/** Live like every hook; the create form takes them once, as its initial values. */
export function useNewPipeDefaults(machineId: string) {
  return useDbQuery((db) => newPipeDefaults(db, machineId), [machineId]);
}
