/**
 * Reads for the machine screens, computed on the device from the synced rows so they work
 * offline: per machine its manufacturer's name, its location, how many hoses it has and its
 * next DGUV due date — the earliest next due of its hoses, where a hose never checked makes
 * the machine due now (see domain/rules/intervals: unchecked counts as overdue). Deleted rows
 * are always left out.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase, type SchlauchDb } from './database';
import { entityTable, listLocations, listMachines } from './entity-repository';
import type { EntityRow } from './entity-tables';
import { pipeStatuses, type PipeStatus } from './dguv-status-reads';
import { machineDue, type MachineDue } from '../domain/rules/dguv-status';

export { machineDue, type MachineDue } from '../domain/rules/dguv-status';

type Machine = EntityRow<'machine'>;
const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;

export interface MachineSummary extends MachineDue {
  machine: Machine;
  manufacturer: string | null;
  location: EntityRow<'location'> | null;
  hoseCount: number;
}

/** Summaries of the given machines (all of one customer). */
async function summarise(
  db: SchlauchDb,
  companyId: string,
  machines: readonly Machine[],
  now: Date | string,
): Promise<MachineSummary[]> {
  const manufacturerIds = [...new Set(machines.map((m) => m.manufacturerId))];
  const machineIds = new Set(machines.map((m) => m.id));
  // One getAll: a machine's hoses by its index, several machines' from the customer's hoses
  // (an anyOf over machine ids steps a cursor per hose; 10 000 hoses).
  const pipeTable = entityTable(db, 'pipe');
  const [makers, locations, companyPipes] = await Promise.all([
    entityTable(db, 'manufacturer').bulkGet(manufacturerIds),
    listLocations(db, companyId),
    machines.length === 0
      ? []
      : machines.length === 1
        ? pipeTable.where('machineId').equals(machines[0]!.id).toArray()
        : pipeTable.where('companyId').equals(companyId).toArray(),
  ]);
  const pipes = companyPipes.filter((p) => machineIds.has(p.machineId));
  const names = new Map(
    makers
      .filter((m): m is EntityRow<'manufacturer'> => m !== undefined && alive(m))
      .map((m) => [m.id, m.name]),
  );
  const places = new Map(locations.map((l) => [l.id, l]));
  const livePipes = pipes.filter(alive);
  const statuses = await pipeStatuses(db, livePipes, now);
  const byMachine = new Map<string, PipeStatus[]>();
  for (const p of livePipes) {
    const status = statuses.get(p.id)!;
    // Retired hoses are neither counted nor due (docs/hose-lifecycle.md).
    if (status.retired) continue;
    const list = byMachine.get(p.machineId) ?? [];
    list.push(status);
    byMachine.set(p.machineId, list);
  }
  return machines.map((machine) => {
    const hoses = byMachine.get(machine.id) ?? [];
    return {
      machine,
      manufacturer: names.get(machine.manufacturerId) ?? null,
      location: machine.locationId ? (places.get(machine.locationId) ?? null) : null,
      hoseCount: hoses.length,
      ...machineDue(hoses),
    };
  });
}

/** Every live machine of a customer (by machineType, then internalId) with its summary. */
export async function machineSummaries(
  db: SchlauchDb,
  companyId: string,
  now: Date | string = new Date(),
): Promise<MachineSummary[]> {
  return summarise(db, companyId, await listMachines(db, companyId), now);
}

/** One machine's summary; null when it does not exist (or was deleted). */
export async function machineSummary(
  db: SchlauchDb,
  machineId: string,
  now: Date | string = new Date(),
): Promise<MachineSummary | null> {
  const machine = await entityTable(db, 'machine').get(machineId);
  if (!machine || !alive(machine)) return null;
  const [summary] = await summarise(db, machine.companyId, [machine], now);
  return summary ?? null;
}

/** Live summaries of a customer's machines; undefined while loading. */
export function useMachineSummaries(companyId: string) {
  return useLiveQuery(() => machineSummaries(getDatabase(), companyId), [companyId]);
}

/** Live summary of one machine; null when missing, undefined while loading. */
export function useMachineSummary(machineId: string) {
  return useLiveQuery(() => machineSummary(getDatabase(), machineId), [machineId]);
}
