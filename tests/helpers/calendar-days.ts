/**
 * Calendar-day arithmetic for expectations, written the plain way (not the app's rules), so a
 * test counts due dates independently of the code it checks.
 */

/** Calendar months added, clamped to the month's end. */
export function plusMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The next calendar day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Months of the DGUV intervals. */
export const MONTHS: Record<string, number> = { YEAR: 12, HALFYEAR: 6, QUARTER: 3, MONTH: 1 };
