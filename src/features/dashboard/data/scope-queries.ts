/**
 * Reads of the start dashboard, computed on the device from the synced rows so they work
 * offline: the counts of a scope (a customer or one of its locations) and the hoses overdue or
 * due within 30 days (DUE_SOON_DAYS). Deleted rows are always left out.
 */
import type { SchlauchDb } from '@db/database';
import {
  machinesInScope,
  pipeStatuses,
  pipesOfMachines,
  type PipeStatus,
  type StatsScope,
} from '@db/dguv-status-reads';
import { entityTable, getRow } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useDbQuery } from '@db/hooks';
import { isInstalled } from '@domain/rules/hose-life';
import type { CustomerScope } from '../customer-scope';

const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;

export interface ScopeCounts {
  machines: number;
  powerUnits: number;
  pipes: number;
}

/** What the figures of a scope are computed from: its machines, hoses and their statuses. */
interface ScopeRows {
  machines: EntityRow<'machine'>[];
  powerUnits: number;
  pipes: EntityRow<'pipe'>[];
  statuses: Map<string, PipeStatus>;
}

/** Reads a scope's rows once for all its figures (counts, due hoses, hoses to replace). */
async function scopeRows(db: SchlauchDb, scope: StatsScope, now: Date | string): Promise<ScopeRows> {
  const machines = await machinesInScope(db, scope);
  const ids = machines.map((m) => m.id);
  const aggregates = await entityTable(db, 'aggregate').where('machineId').anyOf(ids).toArray();
  const pipes = await pipesOfMachines(db, machines);
  const statuses = await pipeStatuses(db, pipes, now);
  return { machines, powerUnits: aggregates.filter(alive).length, pipes, statuses };
}

function countsOf(rows: ScopeRows): ScopeCounts {
  return {
    machines: rows.machines.length,
    powerUnits: rows.powerUnits,
    // Installed hoses: a retired one is kept for its history, not counted (docs/hose-lifecycle.md).
    pipes: rows.pipes.filter(isInstalled).length,
  };
}

/** How many machines, power units and installed hoses a customer (or one of its locations) has. */
export async function scopeCounts(db: SchlauchDb, scope: StatsScope): Promise<ScopeCounts> {
  return countsOf(await scopeRows(db, scope, new Date()));
}

export interface DuePipe {
  pipe: EntityRow<'pipe'>;
  machine: EntityRow<'machine'>;
  status: PipeStatus;
}

/** The hoses of a scope whose status `wanted` picks, with their machine and status. */
function pipesWhere(rows: ScopeRows, wanted: (status: PipeStatus) => boolean): DuePipe[] {
  const machines = new Map(rows.machines.map((m) => [m.id, m]));
  const out: DuePipe[] = [];
  for (const pipe of rows.pipes) {
    const status = rows.statuses.get(pipe.id);
    const machine = machines.get(pipe.machineId);
    if (status && machine && wanted(status)) out.push({ pipe, machine, status });
  }
  return out;
}

/** Overdue (never checked counts) or due soon, most urgent first. */
function dueOf(rows: ScopeRows): DuePipe[] {
  // Never checked (no due date) first, then by due date, then by code.
  return pipesWhere(rows, (s) => s.overdue || s.dueSoon).sort(
    (a, b) =>
      (a.status.nextDue ?? '').localeCompare(b.status.nextDue ?? '') ||
      a.pipe.code.localeCompare(b.pipe.code, 'de'),
  );
}

/** Flagged "replace at the next visit" (rules/hose-life), by code. */
function replaceOf(rows: ScopeRows): DuePipe[] {
  return pipesWhere(rows, (s) => s.replaceAtNextVisit).sort((a, b) =>
    a.pipe.code.localeCompare(b.pipe.code, 'de'),
  );
}

/** Hoses of a scope that are overdue (never checked counts) or due soon, most urgent first. */
export async function duePipes(
  db: SchlauchDb,
  scope: StatsScope,
  now: Date | string = new Date(),
): Promise<DuePipe[]> {
  return dueOf(await scopeRows(db, scope, now));
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
  return replaceOf(await scopeRows(db, scope, now));
}

/** The start page's figures of a customer or one of its locations, read together. */
export interface OverviewFigures {
  /** null: the customer is not on the device (deleted, or no longer the user's). */
  company: EntityRow<'company'> | null;
  location: EntityRow<'location'> | null;
  counts: ScopeCounts;
  due: DuePipe[];
  replace: DuePipe[];
}

/**
 * One read for the start page's figures: the customer, the location, the counts, the hoses due
 * and the hoses to replace at the next visit. The machines, hoses and statuses are read once
 * for all three lists, and the page renders once when they are in rather than once per figure
 * (docs/performance.md).
 */
export async function overviewFigures(
  db: SchlauchDb,
  scope: CustomerScope,
  now: Date | string = new Date(),
): Promise<OverviewFigures> {
  const company = (await getRow(db, 'company', scope.companyId)) ?? null;
  const location = scope.locationId
    ? ((await getRow(db, 'location', scope.locationId)) ?? null)
    : null;
  if (!company) return { company, location, counts: EMPTY_COUNTS, due: [], replace: [] };
  const rows = await scopeRows(db, scope, now);
  return { company, location, counts: countsOf(rows), due: dueOf(rows), replace: replaceOf(rows) };
}

const EMPTY_COUNTS: ScopeCounts = { machines: 0, powerUnits: 0, pipes: 0 };

/** The figures of `scope`, live; undefined while they load. */
export function useOverviewFigures(scope: CustomerScope) {
  return useDbQuery((db) => overviewFigures(db, scope), [scope.companyId, scope.locationId]);
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
