/**
 * Reads for the customer screens and the start dashboard, computed on the device from the
 * synced rows so they work offline: customer summaries for the list (main address city,
 * machine count), a customer's machines without a location, the counts of a scope and the
 * hoses overdue or due within 30 days (DUE_SOON_DAYS). Deleted rows are always left out.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase, type SchlauchDb } from './database';
import { entityTable, listCompanies } from './entity-repository';
import type { EntityRow } from './entity-tables';
import { machinesInScope, pipeStatuses, pipesInScope, type PipeStatus } from './dguv-status';
import type { StatsScope } from './dguv-status';

const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;

export interface CustomerSummary {
  company: EntityRow<'company'>;
  /** City of the first MAIN address (else of any address); null without addresses. */
  city: string | null;
  machineCount: number;
}

/** Every customer by name, with the city of its main address and its machine count. */
export async function customerSummaries(db: SchlauchDb): Promise<CustomerSummary[]> {
  const [companies, locations, machines] = await Promise.all([
    listCompanies(db),
    entityTable(db, 'location').filter(alive).toArray(),
    entityTable(db, 'machine').filter(alive).toArray(),
  ]);
  const cities = new Map<string, { city: string; main: boolean }>();
  for (const l of locations) {
    const known = cities.get(l.companyId);
    if (!known || (!known.main && l.type === 'MAIN')) {
      cities.set(l.companyId, { city: l.city, main: l.type === 'MAIN' });
    }
  }
  const counts = new Map<string, number>();
  for (const m of machines) counts.set(m.companyId, (counts.get(m.companyId) ?? 0) + 1);
  return companies.map((company) => ({
    company,
    city: cities.get(company.id)?.city ?? null,
    machineCount: counts.get(company.id) ?? 0,
  }));
}

/** A customer's machines that stand at no location yet (SPEC §2), by inventory number. */
export async function machinesWithoutLocation(db: SchlauchDb, companyId: string) {
  const rows = await machinesInScope(db, { companyId });
  return rows
    .filter((m) => m.locationId === null)
    .sort((a, b) => a.internalId.localeCompare(b.internalId, 'de'));
}

export interface ScopeCounts {
  machines: number;
  powerUnits: number;
  pipes: number;
}

/** How many machines, power units and hoses a customer (or one of its locations) has. */
export async function scopeCounts(db: SchlauchDb, scope: StatsScope): Promise<ScopeCounts> {
  const machines = await machinesInScope(db, scope);
  const ids = machines.map((m) => m.id);
  const aggregates = await entityTable(db, 'aggregate').where('machineId').anyOf(ids).toArray();
  const pipes = await pipesInScope(db, scope);
  return {
    machines: machines.length,
    powerUnits: aggregates.filter(alive).length,
    pipes: pipes.length,
  };
}

export interface DuePipe {
  pipe: EntityRow<'pipe'>;
  machine: EntityRow<'machine'>;
  status: PipeStatus;
}

/** Hoses of a scope that are overdue (never checked counts) or due soon, most urgent first. */
export async function duePipes(
  db: SchlauchDb,
  scope: StatsScope,
  now: Date | string = new Date(),
): Promise<DuePipe[]> {
  const machines = new Map((await machinesInScope(db, scope)).map((m) => [m.id, m]));
  const pipes = await pipesInScope(db, scope);
  const statuses = await pipeStatuses(db, pipes, now);
  const due: DuePipe[] = [];
  for (const pipe of pipes) {
    const status = statuses.get(pipe.id);
    const machine = machines.get(pipe.machineId);
    if (status && machine && (status.overdue || status.dueSoon)) {
      due.push({ pipe, machine, status });
    }
  }
  // Never checked (no due date) first, then by due date, then by code.
  return due.sort(
    (a, b) =>
      (a.status.nextDue ?? '').localeCompare(b.status.nextDue ?? '') ||
      a.pipe.code.localeCompare(b.pipe.code, 'de'),
  );
}

export function useCustomerSummaries() {
  return useLiveQuery(() => customerSummaries(getDatabase()), []);
}

export function useMachinesWithoutLocation(companyId: string | null) {
  return useLiveQuery(
    async () => (companyId ? machinesWithoutLocation(getDatabase(), companyId) : []),
    [companyId],
  );
}

export function useScopeCounts(scope: StatsScope | null) {
  const key = scope ? JSON.stringify(scope) : '';
  return useLiveQuery(async () => (scope ? scopeCounts(getDatabase(), scope) : null), [key]);
}

export function useDuePipes(scope: StatsScope | null) {
  const key = scope ? JSON.stringify(scope) : '';
  return useLiveQuery(async () => (scope ? duePipes(getDatabase(), scope) : []), [key]);
}
