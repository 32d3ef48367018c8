/**
 * One way to show dates, times and numbers, for the screens and the PDF
 * reports alike (the server imports this file; it needs nothing but Intl).
 *
 * Kinds, in the UI language:
 * - a **day** (production date, due date, report date, the day of an audit):
 *   "24.11.2026" · "24/11/2026" · "24/11/2026"
 * - a **moment** (audit start, approval, order steps, sync times): "24.11.2026, 03:54" ·
 *   "24/11/2026, 03:54" · "24/11/2026 03:54" — or only "03:54" where "today" is implied.
 * - a **number**: at most three decimals, the language's separators ("1.234,5" · "1,234.5").
 *
 * The time-zone rule (docs/architecture.md, "Dates, times and numbers"): every moment is shown in the service
 * company's zone, Europe/Berlin, on every device and in every PDF — the device's own zone
 * never enters. SPEC's audit dates 'YYYY-MM-DD HH:MM:SS' are wall time in that zone and are
 * shown as written; calendar days ('YYYY-MM-DD') have no zone at all. The wire keeps SPEC's
 * and ISO 8601's formats; these functions are for people only.
 */
import { DEFAULT_TIME_ZONE } from './rules/dates';
import { wallTime } from './rules/wall-time';

type Kind = 'day' | 'moment' | 'time';

const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const cache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: string, kind: Kind, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${kind}|${timeZone}`;
  let format = cache.get(key);
  if (!format) {
    const parts = kind === 'day' ? DAY : kind === 'time' ? TIME : { ...DAY, ...TIME };
    format = new Intl.DateTimeFormat(language, { ...parts, timeZone });
    cache.set(key, format);
  }
  return format;
}

const CALENDAR = /^(\d{4})-(\d{2})-(\d{2})(?:[ ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A stored value as a point to format: calendar days and SPEC wall times become UTC instants
 * formatted in UTC (so they print as written), ISO instants are formatted in the company zone.
 */
function toPoint(value: string | Date): { ms: number; timeZone: string } | null {
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : { ms, timeZone: DEFAULT_TIME_ZONE };
  }
  const wall = CALENDAR.exec(value.trim());
  if (wall) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = wall;
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const back = new Date(ms);
    // 2026-02-31 is no day: Date.UTC would quietly roll it over to March.
    if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d)) return null;
    return { ms, timeZone: 'UTC' };
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : { ms, timeZone: DEFAULT_TIME_ZONE };
}

type DateValue = string | Date | null | undefined;

/**
 * The app's languages' patterns, as Intl writes them (format.test.ts holds the two together):
 * day separator and what stands between day and time.
 */
const PATTERNS: Readonly<Record<string, { sep: string; join: string }>> = {
  de: { sep: '.', join: ', ' },
  'en-gb': { sep: '/', join: ', ' },
  fr: { sep: '/', join: ' ' },
};

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A point written without Intl where the language and zone are the app's own (wall-time.ts:
 * a page's first Intl date format is a long task on a phone); Intl for everything else.
 */
function formatPoint(point: { ms: number; timeZone: string }, language: string, kind: Kind) {
  const pattern = PATTERNS[language.toLowerCase()];
  const wall = pattern ? wallTime(point.ms, point.timeZone) : null;
  if (!pattern || !wall) return dateFormat(language, kind, point.timeZone).format(point.ms);
  const [y, mo, d, h, mi] = wall;
  const day = `${two(d)}${pattern.sep}${two(mo)}${pattern.sep}${y}`;
  const time = `${two(h)}:${two(mi)}`;
  return kind === 'day' ? day : kind === 'time' ? time : `${day}${pattern.join}${time}`;
}

function format(value: DateValue, language: string, kind: Kind): string {
  if (value === null || value === undefined || value === '') return '';
  const point = toPoint(value);
  if (!point) return typeof value === 'string' ? value : '';
  return formatPoint(point, language, kind);
}

/** The day of a value: "24.11.2026"; '' for no value, the text itself if it is no date. */
export const formatDay = (value: DateValue, language: string) => format(value, language, 'day');

/** Day and time of a value: "24.11.2026, 03:54". */
export const formatMoment = (value: DateValue, language: string) =>
  format(value, language, 'moment');

/** The time of day of a value: "03:54". */
export const formatTime = (value: DateValue, language: string) => format(value, language, 'time');

/** The time alone when the value falls on today (in the company zone), else day and time. */
export function formatRecent(value: DateValue, language: string, now: Date = new Date()): string {
  const point = value ? toPoint(value) : null;
  if (!point) return format(value, language, 'moment');
  const sameDay =
    formatPoint(point, 'en-GB', 'day') ===
    formatPoint({ ms: now.getTime(), timeZone: point.timeZone }, 'en-GB', 'day');
  return format(value, language, sameDay ? 'time' : 'moment');
}

const numberCache = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = numberCache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language, options);
    numberCache.set(key, f);
  }
  return f;
}

/**
 * The app's languages' thousands separators, as Intl writes them (format.test.ts holds the
 * two together): whole numbers — a hose's DN, pressure and length — are written without Intl,
 * whose first number format is a long task on a phone (docs/performance.md "The first screen").
 */
const GROUPS: Readonly<Record<string, string>> = { de: '.', 'en-gb': ',', fr: '\u202f' };

function wholeNumber(value: number, group: string): string {
  const digits = String(Math.abs(value));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += group + digits.slice(i, i + 3);
  return value < 0 ? `-${out}` : out;
}

/** A number with at most `maxDigits` decimals: "1.234,5"; '' for no value. */
export function formatNumber(
  value: number | null | undefined,
  language: string,
  maxDigits = 3,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const group = GROUPS[language.toLowerCase()];
  if (group !== undefined && Number.isSafeInteger(value) && !Object.is(value, -0)) {
    return wholeNumber(value, group);
  }
  return numberFormat(language, { maximumFractionDigits: maxDigits }).format(value);
}

/** Bytes as "12 kB" / "1,4 MB" / "15 o" (Intl's own unit names in the language). */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}

/** How a day is typed in the language, for date inputs: 'DD.MM.YYYY' or 'DD/MM/YYYY'. */
export const dayPattern = (language: string) =>
  language.startsWith('de') ? 'DD.MM.YYYY' : 'DD/MM/YYYY';

/**
 * A typed day → 'YYYY-MM-DD', null when it is none. Day first in every app language (24.11.2026,
 * 24/11/2026, 24-11-26, 1.2.2026); a two-digit year is 20xx; ISO 'YYYY-MM-DD' is taken as is.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const local = /^(\d{1,2})[./\s-](\d{1,2})[./\s-](\d{2}|\d{4})$/.exec(trimmed);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) {
    [d, m, y] = [Number(local[1]), Number(local[2]), Number(local[3])];
    if (local[3]!.length === 2) y += 2000;
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  return date.toISOString().slice(0, 10);
}
