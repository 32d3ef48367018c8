/**
 * DGUV state of hoses on the device, from the synced rows (so lists, dashboards and overviews
 * work offline): this module only reads the rows — hoses, their machines, their checks and
 * those checks' audits — and hands them to rules/dguv-status, which the server's dguv-stats
 * uses too. The DGUV stats of docs/api.md for a machine, a customer or a location likewise.
 */
import {
  dguvStats as computeDguvStats,
  pipeStatuses as computePipeStatuses,
  type PipeStatus,
  type StatusAudit,
} from '../domain/rules/dguv-status';
import type { DguvStats } from '../domain/schemas/dguv-audit';
import type { SchlauchDb } from './database';
import type { EntityRow } from './entity-tables';
import { entityTable } from './entity-repository';

export type { PipeStatus } from '../domain/rules/dguv-status';

type Pipe = EntityRow<'pipe'>;
type Machine = EntityRow<'machine'>;
type Answer = EntityRow<'dguvAnswer'>;

const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;
/** Above this many hoses the checks are read in one pass instead of one index hop per id. */
const ANY_OF_LIMIT = 200;

/** The checks of `pipeIds` and the audits they belong to (deleted ones included). */
async function checkRows(
  db: SchlauchDb,
  pipeIds: readonly string[],
): Promise<{ answers: Answer[]; audits: StatusAudit[] }> {
  const wanted = new Set(pipeIds);
  const table = entityTable(db, 'dguvAnswer');
  // For many hoses (a customer's list) one read of the table beats a cursor step per hose id.
  const read =
    wanted.size > ANY_OF_LIMIT
      ? table.toArray()
      : table
          .where('pipeId')
          .anyOf([...wanted])
          .toArray();
  const answers = (await read).filter((a) => wanted.has(a.pipeId));
  const auditIds = [...new Set(answers.map((a) => a.auditId))];
  const audits = (await entityTable(db, 'dguvAudit').bulkGet(auditIds)).filter(
    (a): a is EntityRow<'dguvAudit'> => a !== undefined,
  );
  return { answers, audits };
}

/** The machines of the given hoses (for their intervals). */
async function machinesOf(db: SchlauchDb, pipes: readonly Pipe[]): Promise<Machine[]> {
  const ids = [...new Set(pipes.map((p) => p.machineId))];
  return (await entityTable(db, 'machine').bulkGet(ids)).filter(
    (m): m is Machine => m !== undefined,
  );
}

/** Statuses of the given hoses (their machines are read for the intervals). */
export async function pipeStatuses(
  db: SchlauchDb,
  pipes: readonly Pipe[],
  now: Date | string = new Date(),
): Promise<Map<string, PipeStatus>> {
  const machines = await machinesOf(db, pipes);
  const checks = await checkRows(
    db,
    pipes.map((p) => p.id),
  );
  return computePipeStatuses({ pipes, machines, ...checks }, now);
}

export type StatsScope = { machineId: string } | { companyId: string; locationId?: string | null };

/** The live machines of a scope (a location: the customer's machines standing there). */
export async function machinesInScope(db: SchlauchDb, scope: StatsScope): Promise<Machine[]> {
  if ('machineId' in scope) {
    const m = await entityTable(db, 'machine').get(scope.machineId);
    return m && alive(m) ? [m] : [];
  }
  const rows = await entityTable(db, 'machine')
    .where('companyId')
    .equals(scope.companyId)
    .toArray();
  return rows.filter((m) => alive(m) && (!scope.locationId || m.locationId === scope.locationId));
}

/** Live hoses of the given machines. */
export async function pipesOfMachines(
  db: SchlauchDb,
  machines: readonly Machine[],
): Promise<Pipe[]> {
  const ids = machines.map((m) => m.id);
  const pipes = await entityTable(db, 'pipe').where('machineId').anyOf(ids).toArray();
  return pipes.filter(alive);
}

/** Live hoses of live machines in a scope. */
export async function pipesInScope(db: SchlauchDb, scope: StatsScope): Promise<Pipe[]> {
  return pipesOfMachines(db, await machinesInScope(db, scope));
}

/** docs/api.md DGUV stats of a scope, computed like the shop API's dguv-stats. */
export async function dguvStats(
  db: SchlauchDb,
  scope: StatsScope,
  now: Date | string = new Date(),
): Promise<DguvStats> {
  const machines = await machinesInScope(db, scope);
  const pipes = await pipesOfMachines(db, machines);
  const checks = await checkRows(
    db,
    pipes.map((p) => p.id),
  );
  return computeDguvStats({ pipes, machines, ...checks }, now);
}
