/**
 * The production date of a hose assembly as a technician reads it (docs/dguv-record.md): the
 * assembly's date stamped on the fitting, year and month (`2409`), the same written month/year
 * (`09/2024`), or the hose print's quarter (`3Q24`). All give the first day of the month (a
 * quarter its first month), the day service life and storage time count from. An ISO date
 * ('2024-09-01', what the form holds for a stored hose) is taken as it is.
 */
import { toCalendarDate } from './intervals';

export type StampResult = { ok: true; date: string } | { ok: false; error: string };

/** The message for anything else (locales/{lng}/validation.json). */
export const STAMP_ERROR = 'validation:productionStamp';

const YYMM = /^(\d{2})(\d{2})$/;
const MM_YYYY = /^(\d{1,2})\s*[/.-]\s*(\d{4})$/;
const QUARTER = /^([1-4])\s*Q\s*(\d{2}|\d{4})$/i;
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const YYYY_MM = /^(\d{4})-(\d{2})$/;

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

function monthDate(year: number, month: number): StampResult {
  if (month < 1 || month > 12 || year < 1950 || year > 2099)
    return { ok: false, error: STAMP_ERROR };
  return { ok: true, date: `${year}-${String(month).padStart(2, '0')}-01` };
}

/** Reads a stamp as typed; blanks are not stamps (the caller decides whether one is needed). */
export function parseProductionStamp(input: string): StampResult {
  const text = input.trim();
  let m = YYMM.exec(text);
  if (m) return monthDate(fullYear(m[1]!), Number(m[2]));
  m = MM_YYYY.exec(text);
  if (m) return monthDate(Number(m[2]), Number(m[1]));
  m = QUARTER.exec(text);
  if (m) return monthDate(fullYear(m[2]!), (Number(m[1]) - 1) * 3 + 1);
  m = YYYY_MM.exec(text);
  if (m) return monthDate(Number(m[1]), Number(m[2]));
  if (ISO.test(text)) {
    try {
      return { ok: true, date: toCalendarDate(text) };
    } catch {
      return { ok: false, error: STAMP_ERROR };
    }
  }
  return { ok: false, error: STAMP_ERROR };
}

/** A stored date as the form shows it: month/year (`09/2024`). */
export function formatProductionStamp(date: string | null | undefined): string {
  if (!date || !ISO.test(date)) return date ?? '';
  return `${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
