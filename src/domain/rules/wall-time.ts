/**
 * The wall time of an instant in the app's two zones — Europe/Berlin (the service company's,
 * docs/architecture.md "Dates, times and numbers") and UTC (calendar days and docs/api.md wall
 * times) — computed without Intl. A page's first `Intl.DateTimeFormat` costs 11–18 ms in
 * Chromium on a desktop (ICU loads its date patterns), many times that on a phone, in the task
 * that first shows a date (docs/performance.md, "The first screen"). Berlin's rule here is the
 * EU's since 1996: summer time (UTC+2) from the last Sunday of March, 01:00 UTC, to the last
 * Sunday of October, 01:00 UTC; UTC+1 otherwise. Other zones and years answer null, and the
 * callers fall back to Intl; wall-time.test.ts holds both against Intl across every change.
 */

/** Year, month (1–12), day, hour, minute, second. */
export type WallParts = [number, number, number, number, number, number];

const HOUR = 3_600_000;
const FIRST_YEAR = 1996;
const LAST_YEAR = 2099;

/** The instant of 01:00 UTC on the last Sunday of `month` (0-based) in `year`. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

function berlinOffset(ms: number, year: number): number {
  const summer = ms >= lastSundayOneUtc(year, 2) && ms < lastSundayOneUtc(year, 9);
  return summer ? 2 * HOUR : HOUR;
}

/** The wall time of `ms` in `timeZone`, or null where this module does not know it. */
export function wallTime(ms: number, timeZone: string): WallParts | null {
  if (!Number.isFinite(ms)) return null;
  let local: number;
  if (timeZone === 'UTC') local = ms;
  else if (timeZone === 'Europe/Berlin') {
    // The UTC year decides the rule: the change never falls near a year's end.
    const year = new Date(ms).getUTCFullYear();
    if (year < FIRST_YEAR || year > LAST_YEAR) return null;
    local = ms + berlinOffset(ms, year);
  } else return null;
  const d = new Date(local);
  const year = d.getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  return [
    year,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
}
