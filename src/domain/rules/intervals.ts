import type { ChangeInterval } from '../schemas/enums';

/**
 * DGUV check intervals (docs/architecture.md): next due date = last check + the machine's interval, the
 * critical one for critical hoses. All calendar math is on UTC dates ('YYYY-MM-DD'), so the
 * result is the same on a technician's tablet, the office PC and the server whatever their
 * time zone; a day is the unit, times of day never matter for "due".
 */
export const INTERVAL_MONTHS: Readonly<Record<ChangeInterval, number>> = {
  YEAR: 12,
  HALFYEAR: 6,
  QUARTER: 3,
  MONTH: 1,
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// docs/api.md audit dates are wall time ('YYYY-MM-DD HH:MM:SS'); their day is the first ten chars.
const AUDIT_DATE = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/;
// Instants need Z or an offset: without one Date.parse reads local time, which would make the
// day depend on the machine's time zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const DAY_MS = 86_400_000;

/**
 * The calendar day of a date string: 'YYYY-MM-DD' as it is, an audit date's day part, an ISO
 * instant's UTC day. Throws on anything else — a silently wrong due date is worse.
 */
export function toCalendarDate(value: string | Date): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('invalid date');
    return value.toISOString().slice(0, 10);
  }
  const audit = AUDIT_DATE.exec(value);
  const day = audit?.[1] ?? value;
  const m = DATE_ONLY.exec(day);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const probe = new Date(Date.UTC(y, mo - 1, d));
    if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
      throw new RangeError(`invalid date ${value}`);
    }
    return day;
  }
  const ms = INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`invalid date ${value}`);
  return new Date(ms).toISOString().slice(0, 10);
}

function parts(day: string): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

/**
 * Adds calendar months, clamping to the month's last day: Jan 31 + 1 month is Feb 28 (29 in a
 * leap year), never Mar 3 as plain Date arithmetic would give.
 */
export function addMonths(date: string | Date, months: number): string {
  const [y, m, d] = parts(toCalendarDate(date));
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDays(date: string | Date, days: number): string {
  const [y, m, d] = parts(toCalendarDate(date));
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day a hose checked on `lastCheck` must be checked again (still fine on that day). */
export function nextDueDate(lastCheck: string | Date, interval: ChangeInterval): string {
  return addMonths(lastCheck, INTERVAL_MONTHS[interval]);
}

export interface MachineIntervals {
  dguvInterval: ChangeInterval;
  dguvIntervalCritical: ChangeInterval;
}

/**
 * The intervals a machine (and the company settings for new machines) start with: a year for
 * normal hoses, half a year for critical ones. Also what a hose counts with if its machine row
 * is missing.
 */
export const DEFAULT_INTERVALS: Readonly<MachineIntervals> = {
  dguvInterval: 'YEAR',
  dguvIntervalCritical: 'HALFYEAR',
};

/** docs/architecture.md: critical hoses follow the machine's separate critical interval. */
export function intervalFor(pipe: { isCritical: boolean }, machine: MachineIntervals) {
  return pipe.isCritical ? machine.dguvIntervalCritical : machine.dguvInterval;
}

/** A hose's next due date; null when it was never checked (it is due now). */
export function pipeNextDueDate(
  pipe: { isCritical: boolean },
  machine: MachineIntervals,
  lastCheck: string | Date | null,
): string | null {
  return lastCheck === null ? null : nextDueDate(lastCheck, intervalFor(pipe, machine));
}

/**
 * Past the due date. A missing due date (never checked) counts as overdue: an unchecked hose
 * must not look fine in any list.
 */
export function isOverdue(dueDate: string | null, now: string | Date): boolean {
  return dueDate === null || toCalendarDate(now) > toCalendarDate(dueDate);
}

/** Not yet overdue but due within the next `days` days (for "due soon" hints). */
export function isDueWithin(dueDate: string | null, days: number, now: string | Date): boolean {
  if (dueDate === null || isOverdue(dueDate, now)) return false;
  return toCalendarDate(dueDate) <= addDays(now, days);
}
