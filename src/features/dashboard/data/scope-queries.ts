/**
 * Reads of the start dashboard, computed on the device from the synced rows so they work
 * offline: the counts of a scope (a customer or one of its locations) and the hoses overdue or
 * due within 30 days (DUE_SOON_DAYS). Deleted rows are always left out.
 */
import type { SchlauchDb } from '@db/database';
import {
  machinesInScope,
  pipeStatuses,
  pipesInScope,
  type PipeStatus,
  type StatsScope,
} from '@db/dguv-status-reads';
import { entityTable } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useDbQuery } from '@db/hooks';
import { isInstalled } from '@domain/rules/hose-life';

const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;

export interface ScopeCounts {
  machines: number;
  powerUnits: number;
  pipes: number;
}

/** How many machines, power units and installed hoses a customer (or one of its locations) has. */
export async function scopeCounts(db: SchlauchDb, scope: StatsScope): Promise<ScopeCounts> {
  const machines = await machinesInScope(db, scope);
  const ids = machines.map((m) => m.id);
  const aggregates = await entityTable(db, 'aggregate').where('machineId').anyOf(ids).toArray();
  const pipes = await pipesInScope(db, scope);
  return {
    machines: machines.length,
    powerUnits: aggregates.filter(alive).length,
    // Installed hoses: a retired one is kept for its history, not counted (docs/hose-lifecycle.md).
    pipes: pipes.filter(isInstalled).length,
  };
}

export interface DuePipe {
  pipe: EntityRow<'pipe'>;
  machine: EntityRow<'machine'>;
  status: PipeStatus;
}

/** The installed hoses of a scope whose status `wanted` picks, with their machine and status. */
async function scopePipesWhere(
  db: SchlauchDb,
  scope: StatsScope,
  now: Date | string,
  wanted: (status: PipeStatus) => boolean,
): Promise<DuePipe[]> {
  const machines = new Map((await machinesInScope(db, scope)).map((m) => [m.id, m]));
  const pipes = await pipesInScope(db, scope);
  const statuses = await pipeStatuses(db, pipes, now);
  const out: DuePipe[] = [];
  for (const pipe of pipes) {
    const status = statuses.get(pipe.id);
    const machine = machines.get(pipe.machineId);
    if (status && machine && wanted(status)) out.push({ pipe, machine, status });
  }
  return out;
}

/** Hoses of a scope that are overdue (never checked counts) or due soon, most urgent first. */
export async function duePipes(
  db: SchlauchDb,
  scope: StatsScope,
  now: Date | string = new Date(),
): Promise<DuePipe[]> {
  const due = await scopePipesWhere(db, scope, now, (s) => s.overdue || s.dueSoon);
  // Never checked (no due date) first, then by due date, then by code.
  return due.sort(
    (a, b) =>
      (a.status.nextDue ?? '').localeCompare(b.status.nextDue ?? '') ||
      a.pipe.code.localeCompare(b.pipe.code, 'de'),
  );
}

/**
 * Installed hoses of a scope flagged "replace at the next visit" (rules/hose-life: their
 * service life ends by their next due date), by code.
 */
export async function replaceNextVisitPipes(
  db: SchlauchDb,
  scope: StatsScope,
  now: Date | string = new Date(),
): Promise<DuePipe[]> {
  const flagged = await scopePipesWhere(db, scope, now, (s) => s.replaceAtNextVisit);
  return flagged.sort((a, b) => a.pipe.code.localeCompare(b.pipe.code, 'de'));
}

export function useReplaceNextVisit(scope: StatsScope | null) {
  const key = scope ? JSON.stringify(scope) : '';
  return useDbQuery(async (db) => (scope ? replaceNextVisitPipes(db, scope) : []), [key]);
}

export function useScopeCounts(scope: StatsScope | null) {
  const key = scope ? JSON.stringify(scope) : '';
  return useDbQuery(async (db) => (scope ? scopeCounts(db, scope) : null), [key]);
}

export function useDuePipes(scope: StatsScope | null) {
  const key = scope ? JSON.stringify(scope) : '';
  return useDbQuery(async (db) => (scope ? duePipes(db, scope) : []), [key]);
}

/** One customer's count of hoses to replace at the next visit. */
export interface CustomerReplaceCount {
  company: { id: string; name: string };
  count: number;
}

/**
 * Every customer on the device (the ones the user may see: the device holds only those) with
 * installed hoses flagged "replace at the next visit", and how many, by customer name; for
 * the start page while no customer is selected.
 */
export async function replaceNextVisitByCustomer(
  db: SchlauchDb,
  now: Date | string = new Date(),
): Promise<CustomerReplaceCount[]> {
  const machines = new Map(
    (await entityTable(db, 'machine').toArray()).filter(alive).map((m) => [m.id, m]),
  );
  const pipes = (await entityTable(db, 'pipe').toArray()).filter(
    (p) => alive(p) && isInstalled(p) && machines.has(p.machineId),
  );
  const statuses = await pipeStatuses(db, pipes, now);
  const counts = new Map<string, number>();
  for (const pipe of pipes) {
    if (!statuses.get(pipe.id)?.replaceAtNextVisit) continue;
    const companyId = machines.get(pipe.machineId)!.companyId;
    counts.set(companyId, (counts.get(companyId) ?? 0) + 1);
  }
  const companies = await entityTable(db, 'company').bulkGet([...counts.keys()]);
  const out: CustomerReplaceCount[] = [];
  for (const company of companies) {
    if (company && alive(company)) {
      out.push({ company: { id: company.id, name: company.name }, count: counts.get(company.id)! });
    }
  }
  return out.sort((a, b) => a.company.name.localeCompare(b.company.name, 'de'));
}

export function useReplaceNextVisitByCustomer() {
  return useDbQuery((db) => replaceNextVisitByCustomer(db), []);
}
