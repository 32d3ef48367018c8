/**
 * DGUV state of hoses computed on the device from the synced rows (so lists, dashboards and
 * overviews work offline): each hose's latest check (audit startDate, then the device's
 * performedAt; on an exact tie the worse result, as the server's dguv-stats does), its next
 * due date by the machine's interval, overdue / due soon, and the service-life flag; plus the
 * DGUV stats of SPEC §3 for a machine, a customer or a location.
 */
import { classifyAnswer, computeDguvStats, worseResult } from '../domain/rules/dguv';
import {
  isDueWithin,
  isOverdue,
  pipeNextDueDate,
  type MachineIntervals,
} from '../domain/rules/intervals';
import { isServiceLifeExceeded } from '../domain/rules/service-life';
import type { DguvResult } from '../domain/schemas/dguv-answer';
import type { DguvStats } from '../domain/schemas/dguv-audit';
import type { SchlauchDb } from './database';
import type { EntityRow } from './entity-tables';
import { entityTable } from './entity-repository';

type Pipe = EntityRow<'pipe'>;
type Machine = EntityRow<'machine'>;

/** "Due soon" window of the dashboards (issue #5: overdue or due within 30 days). */
export const DUE_SOON_DAYS = 30;

export interface LatestCheck {
  answer: string[];
  result: DguvResult;
  /** The audit's startDate ('YYYY-MM-DD HH:MM:SS'). */
  checkedAt: string;
  auditId: string;
  performedAt: string;
  /** The check recommends replacing the hose (the shop's bulk order picks by it). */
  replaceHose: boolean;
}

export interface PipeStatus {
  lastCheck: LatestCheck | null;
  /** null: never checked (due now). */
  nextDue: string | null;
  overdue: boolean;
  dueSoon: boolean;
  serviceLifeExceeded: boolean;
}

const DEFAULT_INTERVALS: MachineIntervals = {
  dguvInterval: 'YEAR',
  dguvIntervalCritical: 'HALFYEAR',
};
const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;
/** Above this many hoses `latestChecks` reads every answer instead of one index hop per id. */
const ANY_OF_LIMIT = 200;

/** The latest live check of each of `pipeIds` (answers of live audits only). */
export async function latestChecks(
  db: SchlauchDb,
  pipeIds: readonly string[],
): Promise<Map<string, LatestCheck>> {
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
  const answers = (await read).filter((a) => alive(a) && wanted.has(a.pipeId));
  const auditIds = [...new Set(answers.map((a) => a.auditId))];
  const audits = new Map(
    (await entityTable(db, 'dguvAudit').bulkGet(auditIds))
      .filter((a): a is EntityRow<'dguvAudit'> => a !== undefined && alive(a))
      .map((a) => [a.id, a]),
  );
  const checks = answers
    .filter((a) => audits.has(a.auditId))
    .map((a) => ({
      pipeId: a.pipeId,
      answer: [...a.answer],
      result: classifyAnswer(a.answer),
      checkedAt: audits.get(a.auditId)!.startDate,
      auditId: a.auditId,
      performedAt: a.performedAt,
      replaceHose: a.replaceHose,
    }))
    .sort((x, y) =>
      x.checkedAt === y.checkedAt
        ? x.performedAt.localeCompare(y.performedAt)
        : x.checkedAt.localeCompare(y.checkedAt),
    );
  const latest = new Map<string, LatestCheck>();
  for (const { pipeId, ...check } of checks) {
    const current = latest.get(pipeId);
    const tie = current?.checkedAt === check.checkedAt && current.performedAt === check.performedAt;
    if (tie && worseResult(check.result, current.result) === current.result) continue;
    latest.set(pipeId, check);
  }
  return latest;
}

export function pipeStatus(
  pipe: Pipe,
  machine: MachineIntervals | undefined,
  lastCheck: LatestCheck | null,
  now: Date | string,
): PipeStatus {
  const nextDue = pipeNextDueDate(pipe, machine ?? DEFAULT_INTERVALS, lastCheck?.checkedAt ?? null);
  return {
    lastCheck,
    nextDue,
    overdue: isOverdue(nextDue, now),
    dueSoon: isDueWithin(nextDue, DUE_SOON_DAYS, now),
    serviceLifeExceeded: isServiceLifeExceeded(pipe, now),
  };
}

/** Statuses of the given hoses (their machines are read for the intervals). */
export async function pipeStatuses(
  db: SchlauchDb,
  pipes: readonly Pipe[],
  now: Date | string = new Date(),
): Promise<Map<string, PipeStatus>> {
  const machineIds = [...new Set(pipes.map((p) => p.machineId))];
  const machines = new Map(
    (await entityTable(db, 'machine').bulkGet(machineIds))
      .filter((m): m is Machine => m !== undefined)
      .map((m) => [m.id, m]),
  );
  const checks = await latestChecks(
    db,
    pipes.map((p) => p.id),
  );
  return new Map(
    pipes.map((p) => [
      p.id,
      pipeStatus(p, machines.get(p.machineId), checks.get(p.id) ?? null, now),
    ]),
  );
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

/** Live hoses of live machines in a scope. */
export async function pipesInScope(db: SchlauchDb, scope: StatsScope): Promise<Pipe[]> {
  const machines = await machinesInScope(db, scope);
  const ids = machines.map((m) => m.id);
  const pipes = await entityTable(db, 'pipe').where('machineId').anyOf(ids).toArray();
  return pipes.filter(alive);
}

/** SPEC §3 DGUV stats of a scope, computed like the shop API's dguv-stats. */
export async function dguvStats(
  db: SchlauchDb,
  scope: StatsScope,
  now: Date | string = new Date(),
): Promise<DguvStats> {
  const machines = new Map((await machinesInScope(db, scope)).map((m) => [m.id, m]));
  const pipes = await pipesInScope(db, scope);
  const checks = await latestChecks(
    db,
    pipes.map((p) => p.id),
  );
  return computeDguvStats(
    pipes,
    checks,
    now,
    (p) => machines.get(p.machineId) ?? DEFAULT_INTERVALS,
  );
}
