/**
 * The day plan's inputs from the synced rows (rules/day-plan `PlanInputs`), so the office
 * builds and the technician works a plan offline: the customer's machines at the chosen
 * locations with their due state (rules/dguv-status `machineDue`, retired hoses left out),
 * the new hoses still waiting for their inspection before first use (a successor at its
 * position never checked), and the delivered assemblies waiting to be installed (lines of a
 * complete order that replace a hose not yet swapped).
 */
import type { SchlauchDb } from '@db/database';
import { pipeStatuses } from '@db/dguv-status-reads';
import { entityTable, listBy } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { machineDue } from '@domain/rules/dguv-status';
import { awaitsFirstUse, isInstalled } from '@domain/rules/hose-life';
import type {
  FirstUseHose,
  PlanInputs,
  PlanMachineInput,
  WaitingReplacement,
} from '@domain/rules/day-plan';

type Machine = EntityRow<'machine'>;
type Pipe = EntityRow<'pipe'>;

const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;

export interface PlanData extends PlanInputs {
  /** The machines at the locations, by id (for names and links). */
  machineRows: ReadonlyMap<string, Machine>;
}

/** The live machines of a customer at `locationIds` (all its machines when none is given). */
async function machinesAt(
  db: SchlauchDb,
  companyId: string,
  locationIds: readonly string[],
): Promise<Machine[]> {
  const rows = (await listBy(db, 'machine', 'companyId', companyId)).filter(alive);
  return locationIds.length === 0
    ? rows
    : rows.filter((m) => m.locationId !== null && locationIds.includes(m.locationId));
}

/** The plan's inputs for a customer's locations, due states as on `date`. */
export async function planInputs(
  db: SchlauchDb,
  companyId: string,
  locationIds: readonly string[],
  date: string,
): Promise<PlanData> {
  const machines = await machinesAt(db, companyId, locationIds);
  const machineIds = machines.map((m) => m.id);
  const pipes = (await entityTable(db, 'pipe').where('machineId').anyOf(machineIds).toArray()).filter(
    isInstalled,
  );
  const statuses = await pipeStatuses(db, pipes, date);
  const byMachine = new Map<string, Pipe[]>();
  for (const p of pipes) byMachine.set(p.machineId, [...(byMachine.get(p.machineId) ?? []), p]);
  const machineInputs: PlanMachineInput[] = machines.map((m) => {
    const own = byMachine.get(m.id) ?? [];
    const due = machineDue(own.flatMap((p) => statuses.get(p.id) ?? []));
    return { id: m.id, nextDue: due.nextDue, neverChecked: due.neverChecked, hoseCount: own.length };
  });
  const firstUseHoses: FirstUseHose[] = pipes
    .filter((p) => awaitsFirstUse(p, statuses.get(p.id)?.lastCheck ?? null))
    .map((p) => ({ pipeId: p.id, machineId: p.machineId, position: p.position, code: p.code }));
  const pipeById = new Map(pipes.map((p) => [p.id, p]));
  const lines = (await listBy(db, 'orderItem', 'companyId', companyId)).filter(
    (l) => alive(l) && l.replacesPipeId !== null && l.installedPipeId === null,
  );
  const orders = await entityTable(db, 'order').bulkGet([...new Set(lines.map((l) => l.orderId))]);
  const complete = new Set(
    orders.filter((o) => o !== undefined && alive(o) && o.state === 'COMPLETE').map((o) => o!.id),
  );
  const waitingReplacements: WaitingReplacement[] = lines.flatMap((l) => {
    const old = pipeById.get(l.replacesPipeId!);
    if (!old || !complete.has(l.orderId)) return [];
    return [
      {
        orderItemId: l.id,
        orderId: l.orderId,
        machineId: old.machineId,
        replacesPipeId: old.id,
        position: old.position,
        code: old.code,
        name: l.name,
        quantity: l.quantity,
      },
    ];
  });
  return {
    machines: machineInputs,
    firstUseHoses,
    waitingReplacements,
    machineRows: new Map(machines.map((m) => [m.id, m])),
  };
}

/** The plans made for `technicianId`, the given day's first, then by day. */
export async function plansFor(db: SchlauchDb, technicianId: string): Promise<EntityRow<'dayPlan'>[]> {
  const rows = await listBy(db, 'dayPlan', 'technicianId', technicianId);
  return rows.filter(alive).sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}

/** The audits of the plan's machines (for its progress). */
export async function planAudits(db: SchlauchDb, machineIds: readonly string[]) {
  return entityTable(db, 'dguvAudit').where('machineId').anyOf([...machineIds]).toArray();
}

/** Every plan, newest day first (the office's list). */
export async function allPlans(db: SchlauchDb): Promise<EntityRow<'dayPlan'>[]> {
  const rows = (await entityTable(db, 'dayPlan').toArray()).filter(alive);
  return rows.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}
