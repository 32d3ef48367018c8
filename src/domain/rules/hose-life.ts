/**
 * A hose's life at its position (docs/hose-lifecycle.md): an assembly is swapped for a new one
 * (the old one retired, both linked), the new one is inspected before first use, and a hose
 * whose service life ends before its next inspection is replaced at the next visit. Pure
 * rules, shared by the device and the server.
 */
import { serviceLifeEnd, type AgedPipe } from './service-life';
import { toCalendarDate } from './intervals';

export interface LifePipe {
  id: string;
  predecessorId?: string | null;
  successorId?: string | null;
  retiredAt?: string | null;
  deletedAt?: string | null;
}

/** Retired: taken off the machine, kept with its history, no longer installed nor due. */
export function isRetired(pipe: Pick<LifePipe, 'retiredAt'>): boolean {
  return Boolean(pipe.retiredAt);
}

/** Installed: live and not retired (the hose lists and every due count show these). */
export function isInstalled(pipe: Pick<LifePipe, 'retiredAt' | 'deletedAt'>): boolean {
  return !pipe.deletedAt && !isRetired(pipe);
}

/**
 * The inspection before first use (DGUV 113-020) is due: the hose replaced another one (it
 * was swapped in, so it has a predecessor), is installed, and has no live check yet. Its
 * interval starts with that inspection. A hose recorded with the ordinary create form is
 * never-checked and due at once too, but it is not asked for as a first use: it may be an
 * assembly that has been in service for years, recorded late.
 */
export function firstUseInspectionDue(
  pipe: Pick<LifePipe, 'predecessorId' | 'retiredAt' | 'deletedAt'>,
  answersOfThisPipe: Iterable<{ deletedAt?: string | null }>,
): boolean {
  if (!pipe.predecessorId || !isInstalled(pipe)) return false;
  for (const answer of answersOfThisPipe) if (!answer.deletedAt) return false;
  return true;
}

/**
 * `firstUseInspectionDue` from a hose's status instead of its answers: installed, swapped in,
 * never checked (the DGUV start and the day plan read statuses, rules/dguv-status).
 */
export function awaitsFirstUse(
  pipe: Pick<LifePipe, 'predecessorId' | 'retiredAt' | 'deletedAt'>,
  lastCheck: unknown,
): boolean {
  return firstUseInspectionDue(pipe, lastCheck ? [{ deletedAt: null }] : []);
}

export interface AuditHoseLists<P> {
  /** The hoses this audit checks and counts, by the given order. */
  toCheck: P[];
  /** New hoses whose inspection before first use waits for an audit with that occasion. */
  firstUseApart: P[];
}

/**
 * The hoses a running audit lists (docs/hose-lifecycle.md "Swap during an audit"). It checks
 * the installed hoses, and keeps a hose retired since that was checked in it (that check is
 * part of the record); a retired hose without a check in it is off the machine and drops out,
 * so nothing is left open for it. A new hose awaiting its inspection before first use is
 * checked here when the audit's occasion is FIRST_USE; under another occasion it is listed
 * apart, since that inspection is an audit with occasion FIRST_USE.
 */
export function auditHoseLists<P extends LifePipe>(
  pipes: readonly P[],
  audit: { occasion?: string | null },
  checkedHere: (pipeId: string) => boolean,
  lastCheckOf: (pipeId: string) => unknown,
): AuditHoseLists<P> {
  const out: AuditHoseLists<P> = { toCheck: [], firstUseApart: [] };
  for (const pipe of pipes) {
    if (pipe.deletedAt) continue;
    if (checkedHere(pipe.id)) out.toCheck.push(pipe);
    else if (!isInstalled(pipe)) continue;
    else if (audit.occasion !== 'FIRST_USE' && awaitsFirstUse(pipe, lastCheckOf(pipe.id)))
      out.firstUseApart.push(pipe);
    else out.toCheck.push(pipe);
  }
  return out;
}

/**
 * The hoses an audit's record lists (its report and its snapshot): every hose checked in it,
 * and every other hose still installed on the machine. A hose retired without a check in this
 * audit had left the machine: listing it would read as a hose left unchecked
 * (docs/hose-lifecycle.md).
 */
export function recordedHoses<P extends Pick<LifePipe, 'id' | 'retiredAt' | 'deletedAt'>>(
  pipes: readonly P[],
  checkedHere: (pipeId: string) => boolean,
): P[] {
  return pipes.filter((pipe) => checkedHere(pipe.id) || isInstalled(pipe));
}

export interface ReplaceAtNextVisitSettings {
  /** Today (a hose never checked is due now: its next visit is today). */
  now: string | Date;
}

/**
 * "Replace at the next visit": the hose's service life (rules/service-life) ends on or before
 * its next due date, so the inspection then will find it out of its life. `nextDueDate` null:
 * never checked, due now — then the flag is the service life ending by today. Retired hoses
 * and hoses without a production date are never flagged (the latter are flagged as unknown).
 */
export function replaceAtNextVisit(
  pipe: AgedPipe & Pick<LifePipe, 'retiredAt'>,
  nextDueDate: string | null,
  settings: ReplaceAtNextVisitSettings,
): boolean {
  if (isRetired(pipe)) return false;
  const end = serviceLifeEnd(pipe);
  if (end === null) return false;
  const visit = nextDueDate === null ? toCalendarDate(settings.now) : toCalendarDate(nextDueDate);
  return end <= visit;
}

/**
 * Every assembly that sat at this hose's position, oldest first: the predecessors walked back,
 * the hose itself, its successors walked forward. Links to rows not at hand end the walk;
 * a loop in bad data is walked once.
 */
export function positionHistory<P extends LifePipe>(
  pipe: P,
  pipesById: ReadonlyMap<string, P>,
): P[] {
  const seen = new Set<string>([pipe.id]);
  const before: P[] = [];
  let cur: P | undefined = pipe;
  while (cur?.predecessorId && !seen.has(cur.predecessorId)) {
    cur = pipesById.get(cur.predecessorId);
    if (!cur) break;
    seen.add(cur.id);
    before.unshift(cur);
  }
  const after: P[] = [];
  cur = pipe;
  while (cur?.successorId && !seen.has(cur.successorId)) {
    cur = pipesById.get(cur.successorId);
    if (!cur) break;
    seen.add(cur.id);
    after.push(cur);
  }
  return [...before, pipe, ...after];
}

/**
 * Why a swap cannot be recorded, or null: the old hose is already retired, or the new one
 * would stand on another machine. The form, the write and the server ask the same rule.
 */
export function swapIssue(
  old: Pick<LifePipe, 'retiredAt'> & { machineId: string },
  replacement: { machineId: string },
): 'errors:pipeRetired' | 'errors:successorMachine' | null {
  if (isRetired(old)) return 'errors:pipeRetired';
  if (old.machineId !== replacement.machineId) return 'errors:successorMachine';
  return null;
}

/** Fields a retired hose still accepts (its history is fixed; a note can be added). */
export const RETIRED_EDITABLE_FIELDS = ['comment'] as const;
