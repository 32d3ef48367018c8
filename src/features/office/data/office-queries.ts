/**
 * What the office works on across all customers, read live from the
 * device: DGUV audits awaiting approval (COMPLETE, oldest first), order counts per management
 * queue, and per customer and machine the hoses overdue, due within 30 days and past their
 * service life — the due dates and service life by the domain rules (via src/db/dguv-status-reads,
 * which applies rules/intervals and rules/service-life), never a copy of them.
 */
import { useDbQuery } from '@db/hooks';
import type { SchlauchDb } from '@db/database';
import { pipeStatuses } from '@db/dguv-status-reads';
import { entityTable, listAll, listAuditsByState } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import type { OrderState } from '@domain/schemas/enums';

type Machine = EntityRow<'machine'>;
type Company = EntityRow<'company'>;

export interface ApprovalItem {
  audit: EntityRow<'dguvAudit'>;
  machine: Machine | null;
  company: Company | null;
}

/** The approval queue: COMPLETE audits, the longest waiting first (by audit start date). */
export async function approvalQueue(db: SchlauchDb): Promise<ApprovalItem[]> {
  const audits = (await listAuditsByState(db, 'COMPLETE')).sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id),
  );
  const machines = await entityTable(db, 'machine').bulkGet([
    ...new Set(audits.map((a) => a.machineId)),
  ]);
  const companies = await entityTable(db, 'company').bulkGet([
    ...new Set(audits.map((a) => a.companyId)),
  ]);
  const byId = <T extends { id: string }>(rows: (T | undefined)[]) =>
    new Map(rows.filter((r): r is T => r !== undefined).map((r) => [r.id, r]));
  const m = byId(machines);
  const c = byId(companies);
  return audits.map((audit) => ({
    audit,
    machine: m.get(audit.machineId) ?? null,
    company: c.get(audit.companyId) ?? null,
  }));
}

/** The three order queues of docs/api.md and the states each holds (docs/architecture.md). */
export const ORDER_QUEUES = {
  approve: ['APPROVAL_PENDING'],
  process: ['READY'],
  progress: ['ORDER', 'WORKSHOP', 'ORDERED'],
} as const satisfies Record<string, readonly OrderState[]>;
export type OrderQueue = keyof typeof ORDER_QUEUES;

export async function orderQueueCounts(db: SchlauchDb): Promise<Record<OrderQueue, number>> {
  const orders = await listAll(db, 'order');
  const counts = { approve: 0, process: 0, progress: 0 };
  for (const o of orders) {
    for (const [queue, states] of Object.entries(ORDER_QUEUES) as [OrderQueue, readonly string[]][]) {
      if (states.includes(o.state)) counts[queue] += 1;
    }
  }
  return counts;
}

export interface MachineDue {
  machine: Machine;
  overdue: number;
  dueSoon: number;
  pastLife: number;
}
export interface CustomerDue {
  company: Company;
  machines: MachineDue[];
  overdue: number;
  dueSoon: number;
  pastLife: number;
}

/** Customers with hoses overdue, due within 30 days or past their service life. */
export async function dueByCustomer(db: SchlauchDb, now: Date = new Date()) {
  const pipes = (await entityTable(db, 'pipe').toArray()).filter((p) => p.deletedAt === null);
  const statuses = await pipeStatuses(db, pipes, now);
  const machines = new Map((await listAll(db, 'machine')).map((m) => [m.id, m]));
  const companies = new Map((await listAll(db, 'company')).map((c) => [c.id, c]));
  const perMachine = new Map<string, MachineDue>();
  for (const pipe of pipes) {
    const status = statuses.get(pipe.id);
    const machine = machines.get(pipe.machineId);
    if (!status || !machine) continue; // a hose of a deleted machine is gone with it
    if (!status.overdue && !status.dueSoon && !status.serviceLifeExceeded) continue;
    const entry = perMachine.get(machine.id) ?? { machine, overdue: 0, dueSoon: 0, pastLife: 0 };
    if (status.overdue) entry.overdue += 1;
    if (status.dueSoon) entry.dueSoon += 1;
    if (status.serviceLifeExceeded) entry.pastLife += 1;
    perMachine.set(machine.id, entry);
  }
  const perCompany = new Map<string, CustomerDue>();
  for (const entry of perMachine.values()) {
    const company = companies.get(entry.machine.companyId);
    if (!company) continue;
    const c = perCompany.get(company.id) ?? {
      company,
      machines: [],
      overdue: 0,
      dueSoon: 0,
      pastLife: 0,
    };
    c.machines.push(entry);
    c.overdue += entry.overdue;
    c.dueSoon += entry.dueSoon;
    c.pastLife += entry.pastLife;
    perCompany.set(company.id, c);
  }
  const urgency = (x: { overdue: number; pastLife: number; dueSoon: number }) =>
    x.overdue * 1_000_000 + x.pastLife * 1_000 + x.dueSoon;
  const list = [...perCompany.values()];
  for (const c of list) c.machines.sort((a, b) => urgency(b) - urgency(a));
  return list.sort((a, b) => urgency(b) - urgency(a) || a.company.name.localeCompare(b.company.name));
}

export function useApprovalQueue() {
  return useDbQuery(approvalQueue, []);
}
export function useOrderQueueCounts() {
  return useDbQuery(orderQueueCounts, []);
}
export function useDueByCustomer() {
  return useDbQuery(dueByCustomer, []);
}
