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

// Instants need Z or an offset: without one Date.parse reads local time, which would make the
// day depend on the machine's time zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const DAY_MS = 86_400_000;

/*
 * The calendar math below is plain arithmetic on year, month and day, without Date objects:
 * a list of 10 000 hoses computes several due and age dates per hose, and three Date objects
 * and an ISO string per date were most of that (docs/performance.md "Hose statuses").
 * intervals.test.ts holds it against Date's own arithmetic over two centuries.
 */

const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeap(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The number of the ASCII digits value[from..to), or -1 when one is not a digit. */
function digits(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Year, month and day of a 'YYYY-MM-DD' at the start of `value`; null unless a real day. */
function dayParts(value: string): [number, number, number] | null {
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const y = digits(value, 0, 4);
  const m = digits(value, 5, 7);
  const d = digits(value, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return [y, m, d];
}

/** ' HH:MM:SS' of an audit date (digits only, as docs/api.md writes them) from index 10. */
const isAuditTime = (value: string) =>
  value.charCodeAt(10) === 32 &&
  value.charCodeAt(13) === 58 &&
  value.charCodeAt(16) === 58 &&
  digits(value, 11, 13) >= 0 &&
  digits(value, 14, 16) >= 0 &&
  digits(value, 17, 19) >= 0;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 'YYYY-MM-DD' of a real day of the years 0–9999. */
const dayOf = (y: number, m: number, d: number) =>
  `${y < 1000 ? String(y).padStart(4, '0') : y}-${two(m)}-${two(d)}`;

/** The UTC day of a time value (ms since 1970), as Date's ISO string has it. */
function dayOfTime(ms: number): string {
  // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar, 400-year eras).
  const z = Math.floor(ms / DAY_MS) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  // Outside 0–9999 Date writes a signed six-digit year: leave those to it.
  return y >= 0 && y <= 9999 ? dayOf(y, m, d) : new Date(ms).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a civil date (the inverse of dayOfTime's conversion). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/**
 * The calendar day of a date string: 'YYYY-MM-DD' as it is, an audit date's day part, an ISO
 * instant's UTC day. Throws on anything else — a silently wrong due date is worse.
 */
export function toCalendarDate(value: string | Date): string {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new RangeError('invalid date');
    return dayOfTime(ms);
  }
  if (value.length === 10 || (value.length === 19 && isAuditTime(value))) {
    if (!dayParts(value)) throw new RangeError(`invalid date ${value}`);
    return value.length === 10 ? value : value.slice(0, 10);
  }
  const ms = INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`invalid date ${value}`);
  return dayOfTime(ms);
}

/** Year, month and day of what toCalendarDate reads. */
const partsOf = (date: string | Date) => dayParts(toCalendarDate(date))!;

/**
 * Adds calendar months, clamping to the month's last day: Jan 31 + 1 month is Feb 28 (29 in a
 * leap year), never Mar 3 as plain Date arithmetic would give.
 */
export function addMonths(date: string | Date, months: number): string {
  const [y, m, d] = partsOf(date);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12 + 1;
  const td = Math.min(d, daysInMonth(ty, tm));
  return ty >= 0 && ty <= 9999 ? dayOf(ty, tm, td) : dayOfTime(Date.UTC(ty, tm - 1, td));
}

export function addDays(date: string | Date, days: number): string {
  const [y, m, d] = partsOf(date);
  return dayOfTime((daysFromCivil(y, m, d) + days) * DAY_MS);
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
