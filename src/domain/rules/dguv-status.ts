import type { DguvResult } from '../schemas/dguv-answer';
import type { DguvStats } from '../schemas/dguv-audit';
import { classifyAnswer } from './dguv';
import {
  DEFAULT_INTERVALS,
  isDueWithin,
  isOverdue,
  pipeNextDueDate,
  type MachineIntervals,
} from './intervals';
import { isRetired, replaceAtNextVisit } from './hose-life';
import {
  isProductionDateUnknown,
  isServiceLifeExceeded,
  isStorageTimeExceeded,
  type AgedPipe,
} from './service-life';

/**
 * The DGUV state of hoses (docs/architecture.md) from the stored rows: each hose's latest check, its next
 * due date by the machine's interval, overdue / due soon, the service-life flag, and the DGUV
 * stats over a set of hoses. The device (Dexie rows, offline) and the server (the shop API's
 * dguv-stats) only load rows and call this, so a hose reads the same everywhere.
 */

/** "Due soon" window of the dashboards (overdue or due within 30 days). */
export const DUE_SOON_DAYS = 30;

export interface StatusAnswer {
  id: string;
  auditId: string;
  pipeId: string;
  answer: readonly string[];
  /** The device's time of the check (ISO instant); a correction sets it anew. */
  performedAt: string;
  replaceHose: boolean;
  deletedAt?: string | null;
}

export interface StatusAudit {
  id: string;
  /** 'YYYY-MM-DD HH:MM:SS' (docs/api.md). */
  startDate: string;
  deletedAt?: string | null;
}

export interface StatusPipe extends AgedPipe {
  id: string;
  machineId: string;
  deletedAt?: string | null;
  /** Retired hoses (rules/hose-life) are not installed: never due, never counted. */
  retiredAt?: string | null;
}

export interface StatusMachine extends MachineIntervals {
  id: string;
}

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
  /** Installed after more than 2 years of storage (flagged like finding 9). */
  storageTimeExceeded: boolean;
  /** No production date: the age cannot be judged (flagged, never taken as fine). */
  productionDateUnknown: boolean;
  /** Taken off the machine (rules/hose-life): not due, not counted in any stats. */
  retired: boolean;
  /** Its service life ends by its next due date (rules/hose-life `replaceAtNextVisit`). */
  replaceAtNextVisit: boolean;
}

/** Everything the statuses are computed from; rows the caller did not filter may be deleted. */
export interface DguvRows {
  pipes: Iterable<StatusPipe>;
  /** The hoses' machines, for their intervals (a missing one counts with the defaults). */
  machines: Iterable<StatusMachine>;
  audits: Iterable<StatusAudit>;
  answers: Iterable<StatusAnswer>;
}

export interface RankedCheck {
  checkedAt: string;
  performedAt: string;
  id: string;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Newest check first: the audit's startDate (docs/api.md), then the check's performedAt (a
 * correction in the same audit is newer), then the answer id (UUIDv7: the later-created row).
 * The server's list query ranks the same way in SQL (`dguvReference`, cms/response.ts), so a
 * hose shows the same last result in a list as it counts in the stats. Plain code-point
 * comparison, as the databases order these text columns.
 */
export function newestCheckFirst(a: RankedCheck, b: RankedCheck): number {
  return cmp(b.checkedAt, a.checkedAt) || cmp(b.performedAt, a.performedAt) || cmp(b.id, a.id);
}

const alive = (row: { deletedAt?: string | null }) => !row.deletedAt;

/**
 * Each hose's latest live check. Answers of deleted audits and deleted answers do not count;
 * a running (IN_PROGRESS) audit's answers do — the hose was checked.
 */
export function latestChecks(
  answers: Iterable<StatusAnswer>,
  audits: Iterable<StatusAudit>,
): Map<string, LatestCheck> {
  const startOf = new Map<string, string>();
  for (const audit of audits) if (alive(audit)) startOf.set(audit.id, audit.startDate);
  const latest = new Map<string, RankedCheck & { row: StatusAnswer }>();
  for (const row of answers) {
    const checkedAt = startOf.get(row.auditId);
    if (checkedAt === undefined || !alive(row)) continue;
    const candidate = { checkedAt, performedAt: row.performedAt, id: row.id, row };
    const current = latest.get(row.pipeId);
    if (!current || newestCheckFirst(candidate, current) < 0) latest.set(row.pipeId, candidate);
  }
  const out = new Map<string, LatestCheck>();
  for (const [pipeId, { checkedAt, row }] of latest) {
    out.set(pipeId, {
      answer: [...row.answer],
      result: classifyAnswer(row.answer),
      checkedAt,
      auditId: row.auditId,
      performedAt: row.performedAt,
      replaceHose: row.replaceHose,
    });
  }
  return out;
}

/** One hose's status from its latest check and its machine's intervals. */
function pipeStatus(
  pipe: StatusPipe,
  machine: MachineIntervals | undefined,
  lastCheck: LatestCheck | null,
  now: Date | string,
): PipeStatus {
  const retired = isRetired(pipe);
  const nextDue = retired
    ? null
    : pipeNextDueDate(pipe, machine ?? DEFAULT_INTERVALS, lastCheck?.checkedAt ?? null);
  return {
    lastCheck,
    nextDue,
    overdue: !retired && isOverdue(nextDue, now),
    dueSoon: !retired && isDueWithin(nextDue, DUE_SOON_DAYS, now),
    serviceLifeExceeded: isServiceLifeExceeded(pipe, now),
    storageTimeExceeded: isStorageTimeExceeded(pipe),
    productionDateUnknown: isProductionDateUnknown(pipe),
    retired,
    replaceAtNextVisit: replaceAtNextVisit(pipe, nextDue, { now }),
  };
}

/** The status of every given hose, by hose id. */
export function pipeStatuses(rows: DguvRows, now: Date | string): Map<string, PipeStatus> {
  const machines = new Map<string, MachineIntervals>();
  for (const m of rows.machines) machines.set(m.id, m);
  const checks = latestChecks(rows.answers, rows.audits);
  const out = new Map<string, PipeStatus>();
  for (const pipe of rows.pipes) {
    out.set(
      pipe.id,
      pipeStatus(pipe, machines.get(pipe.machineId), checks.get(pipe.id) ?? null, now),
    );
  }
  return out;
}

export interface MachineDue {
  /** Earliest next due date of the checked hoses; null when none was checked (or no hoses). */
  nextDue: string | null;
  /** At least one hose was never checked: the machine is due now. */
  neverChecked: boolean;
  /** A hose is past its due date or was never checked. */
  overdue: boolean;
}

/**
 * A machine's next DGUV inspection from the statuses of its hoses: the earliest next due of
 * its installed hoses, where a hose never checked makes the machine due now (unchecked counts
 * as overdue); retired hoses do not count. The machine screens and the server's calendar
 * feed both read it here.
 */
export function machineDue(statuses: Iterable<PipeStatus>): MachineDue {
  let nextDue: string | null = null;
  let neverChecked = false;
  let overdue = false;
  for (const s of statuses) {
    if (s.retired) continue;
    if (s.overdue) overdue = true;
    if (s.nextDue === null) neverChecked = true;
    else if (nextDue === null || s.nextDue < nextDue) nextDue = s.nextDue;
  }
  return { nextDue, neverChecked, overdue };
}

export interface NextDueDates {
  /** Each hose's next due date by id; null: never checked (due now). */
  hoses: Record<string, string | null>;
  /** The machine's next inspection; null when a hose was never checked (due now) or none. */
  machine: string | null;
}

/**
 * The next due dates a record prints (docs/dguv-record.md): each hose's by its latest check
 * and interval, and the machine's as `machineDue` has it — the earliest of its hoses, due now
 * while one was never checked.
 */
export function nextDueDates(statuses: ReadonlyMap<string, PipeStatus>): NextDueDates {
  const hoses: Record<string, string | null> = {};
  for (const [id, s] of statuses) if (!s.retired) hoses[id] = s.nextDue;
  const due = machineDue(statuses.values());
  return { hoses, machine: due.neverChecked ? null : due.nextDue };
}

/**
 * DGUV stats (docs/architecture.md) over the live hoses: `totelPipes` all of them, `checkedPipes` those
 * whose latest check is still within their interval, and success, warning and error by the
 * latest check's classification (however old it is: an old defect stays a defect until a new
 * check says otherwise).
 */
export function dguvStats(rows: DguvRows, now: Date | string): DguvStats {
  const live = [...rows.pipes].filter(alive);
  return statsOf(pipeStatuses({ ...rows, pipes: live }, now).values());
}

/** The stats of already computed statuses (one per hose). */
function statsOf(statuses: Iterable<PipeStatus>): DguvStats {
  const stats: DguvStats = {
    checkedPipes: 0,
    totelPipes: 0,
    errorPipes: 0,
    warningPipes: 0,
    successPipes: 0,
  };
  for (const { lastCheck, overdue, retired } of statuses) {
    if (retired) continue;
    stats.totelPipes += 1;
    if (!lastCheck) continue;
    if (!overdue) stats.checkedPipes += 1;
    if (lastCheck.result === 'success') stats.successPipes += 1;
    else if (lastCheck.result === 'warning') stats.warningPipes += 1;
    else stats.errorPipes += 1;
  }
  return stats;
}
