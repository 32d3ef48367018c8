/**
 * The technician's day (docs/architecture.md "Day plan"): which machines of a customer's
 * locations a visit should cover, what to do at each, what to take along, and how far the day
 * has got. Pure: the device reads the rows (features/day-plan/data/plan-inputs.ts) and hands
 * them here; the screens only show the answers.
 */
import { isCustomerUser, isOfficeStaff, type PermissionSubject } from './permissions';
import { DUE_SOON_DAYS } from './dguv-status';
import { addDays, isOverdue, toCalendarDate } from './intervals';

/** Office roles build day plans: the customer list's and the administrators'. */
export function canPlanDays(user: PermissionSubject | null | undefined): boolean {
  return isOfficeStaff(user);
}

/**
 * Which day plans a user may read: planners all of them, other staff (the technicians) the
 * plans made for them, customer users none — the plan is the service company's work.
 */
export type DayPlanReach = 'all' | 'own' | 'none';
export function dayPlanReach(user: PermissionSubject | null | undefined): DayPlanReach {
  if (!user || isCustomerUser(user)) return 'none';
  return canPlanDays(user) ? 'all' : 'own';
}

/** A machine at the visited locations with its due state (rules/dguv-status `machineDue`). */
export interface PlanMachineInput {
  id: string;
  /** Earliest next due date of its checked hoses; null when none was checked. */
  nextDue: string | null;
  /** A hose was never checked: due now. */
  neverChecked: boolean;
  /** Live, installed hoses on the machine (a machine without any has nothing to inspect). */
  hoseCount: number;
}

/** A new hose that needs its inspection before first use. */
export interface FirstUseHose {
  pipeId: string;
  machineId: string;
  position: number;
  code: string;
}

/** A delivered assembly waiting to replace an installed hose. */
export interface WaitingReplacement {
  orderItemId: string;
  orderId: string;
  machineId: string;
  /** The hose it replaces: its position and code. */
  replacesPipeId: string;
  position: number;
  code: string;
  /** The order line's name (the assembly) and how many. */
  name: string;
  quantity: number;
}

export interface PlanInputs {
  machines: readonly PlanMachineInput[];
  firstUseHoses: readonly FirstUseHose[];
  waitingReplacements: readonly WaitingReplacement[];
}

/** What to do at a machine: its recurring inspection, first-use inspections, installations. */
export type PlanTask = 'inspect' | 'firstUse' | 'install';
export type DueState = 'overdue' | 'due' | 'dueSoon' | 'notDue';

export interface MachineTasks {
  machineId: string;
  due: DueState;
  nextDue: string | null;
  tasks: PlanTask[];
  firstUse: FirstUseHose[];
  replacements: WaitingReplacement[];
}

/**
 * A machine's due state on the plan's day: overdue when past its due date (or a hose was
 * never checked), due on that very day, due soon within the dashboards' window after it
 * (worth doing on the same visit), else not due.
 */
export function dueOn(machine: PlanMachineInput, date: string): DueState {
  if (machine.hoseCount === 0) return 'notDue';
  if (machine.neverChecked || isOverdue(machine.nextDue, date)) return 'overdue';
  const due = toCalendarDate(machine.nextDue!);
  if (due === toCalendarDate(date)) return 'due';
  return due <= addDays(date, DUE_SOON_DAYS) ? 'dueSoon' : 'notDue';
}

const byPosition = <T extends { position: number; code: string }>(a: T, b: T) =>
  a.position - b.position || a.code.localeCompare(b.code);

/** What to do at one machine on `date`. */
export function machineTasks(
  machine: PlanMachineInput,
  inputs: Pick<PlanInputs, 'firstUseHoses' | 'waitingReplacements'>,
  date: string,
): MachineTasks {
  const due = dueOn(machine, date);
  const firstUse = inputs.firstUseHoses.filter((h) => h.machineId === machine.id).sort(byPosition);
  const replacements = inputs.waitingReplacements
    .filter((r) => r.machineId === machine.id)
    .sort(byPosition);
  const tasks: PlanTask[] = [];
  if (due !== 'notDue') tasks.push('inspect');
  if (firstUse.length > 0) tasks.push('firstUse');
  if (replacements.length > 0) tasks.push('install');
  return { machineId: machine.id, due, nextDue: machine.nextDue, tasks, firstUse, replacements };
}

const DUE_RANK: Record<DueState, number> = { overdue: 0, due: 1, dueSoon: 2, notDue: 3 };

/**
 * The machines a plan for `date` proposes: every machine with something to do, the most
 * urgent first (overdue, due, due soon, then only first-use or installation work), earlier
 * due dates first within each, then by id for a stable order.
 */
export function proposeMachines(inputs: PlanInputs, date: string): MachineTasks[] {
  return inputs.machines
    .map((m) => machineTasks(m, inputs, date))
    .filter((t) => t.tasks.length > 0)
    .sort(
      (a, b) =>
        DUE_RANK[a.due] - DUE_RANK[b.due] ||
        (a.nextDue ?? '').localeCompare(b.nextDue ?? '') ||
        a.machineId.localeCompare(b.machineId),
    );
}

/**
 * The tasks of a plan's machines in the plan's order; a machine no longer found (deleted
 * since) is left out.
 */
export function planTasks(
  machineIds: readonly string[],
  inputs: PlanInputs,
  date: string,
): MachineTasks[] {
  const byId = new Map(inputs.machines.map((m) => [m.id, m]));
  return machineIds.flatMap((id) => {
    const m = byId.get(id);
    return m ? [machineTasks(m, inputs, date)] : [];
  });
}

/** What to take along: the delivered assemblies of the plan's machines, by machine and position. */
export function takeAlong(
  machineIds: readonly string[],
  replacements: readonly WaitingReplacement[],
): WaitingReplacement[] {
  const order = new Map(machineIds.map((id, i) => [id, i]));
  return replacements
    .filter((r) => order.has(r.machineId))
    .sort((a, b) => order.get(a.machineId)! - order.get(b.machineId)! || byPosition(a, b));
}

/** An audit as progress reads it. */
export interface ProgressAudit {
  machineId: string;
  /** 'YYYY-MM-DD HH:MM:SS' (docs/api.md). */
  startDate: string;
  state: 'IN_PROGRESS' | 'COMPLETE' | 'APPROVED';
  deletedAt?: string | null;
}

export interface PlanProgress {
  /**
   * The plan's machines with a finished audit on or after the plan's day and no delivered
   * replacement or new hose still waiting there.
   */
  done: ReadonlySet<string>;
  doneCount: number;
  total: number;
}

/**
 * How far a plan has got: a machine is done once an audit of it was finished (complete or
 * approved) that started on or after the plan's day — an earlier one was the last visit's —
 * and nothing of its work is left: no delivered replacement still to install, no new hose
 * still to inspect before first use (`tasks`, the machines' tasks as they stand now). An
 * audit finished in the morning does not make the machine done while the assembly brought
 * for it still lies in the van.
 */
export function planProgress(
  plan: { date: string; machineIds: readonly string[] },
  audits: Iterable<ProgressAudit>,
  tasks: readonly Pick<MachineTasks, 'machineId' | 'firstUse' | 'replacements'>[] = [],
): PlanProgress {
  const wanted = new Set(plan.machineIds);
  const open = new Set(
    tasks.filter((t) => t.firstUse.length > 0 || t.replacements.length > 0).map((t) => t.machineId),
  );
  const done = new Set<string>();
  for (const a of audits) {
    if (a.deletedAt || a.state === 'IN_PROGRESS' || !wanted.has(a.machineId)) continue;
    if (open.has(a.machineId)) continue;
    if (a.startDate.slice(0, 10) >= plan.date) done.add(a.machineId);
  }
  return { done, doneCount: done.size, total: wanted.size };
}

/** A plan's list after moving the machine at `from` to `to` (keyboard and buttons alike). */
export function moveMachine(machineIds: readonly string[], from: number, to: number): string[] {
  const out = [...machineIds];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved!);
  return out;
}
