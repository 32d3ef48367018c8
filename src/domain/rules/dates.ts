import { isAuditDateString } from '../audit-date';
import { wallTime, type WallParts } from './wall-time';

/**
 * docs/api.md audit dates 'YYYY-MM-DD HH:MM:SS' carry no zone: they are the wall time where the
 * service company works. Inside the app instants are ISO 8601 (docs/sync.md), so these two
 * functions convert at the edge, in an explicit IANA zone (Berlin and UTC by rule, wall-time.ts;
 * any other with Intl) — the device's own zone never enters (a technician's tablet may be set to anything).
 */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

const HALF_DAY = 43_200_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // hourCycle h23: some engines print midnight as 24:00 with hour12 false.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallParts(ms: number, timeZone: string): WallParts {
  const known = wallTime(ms, timeZone);
  if (known) return known;
  const get = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = formatterFor(timeZone).formatToParts(ms);
  return [
    get(parts, 'year'),
    get(parts, 'month'),
    get(parts, 'day'),
    get(parts, 'hour'),
    get(parts, 'minute'),
    get(parts, 'second'),
  ];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as 'YYYY-MM-DD HH:MM:SS' in `timeZone` (default Europe/Berlin). */
export function formatAuditDate(date: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  const ms = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`invalid date ${String(date)}`);
  const [y, mo, d, h, mi, s] = wallParts(ms, timeZone);
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** Offset of `timeZone` from UTC at an instant, in ms (Berlin summer: +7 200 000). */
function offsetAt(ms: number, timeZone: string): number {
  const [y, mo, d, h, mi, s] = wallParts(ms, timeZone);
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (ISO 8601, UTC) of an audit date read as wall time in `timeZone`; null when the
 * text is not a valid audit date. In the autumn hour that occurs twice the earlier instant is
 * taken; a time skipped in spring resolves to the instant one hour later, as clocks do.
 */
export function parseAuditDate(value: string, timeZone = DEFAULT_TIME_ZONE): string | null {
  if (!isAuditDateString(value)) return null;
  const [y, mo, d, h, mi, s] = value.split(/[- :]/).map(Number) as WallParts;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // The offsets in force half a day either side cover any DST change near this wall time;
  // keep the candidates that reproduce it.
  const candidates = [-HALF_DAY, HALF_DAY].map(
    (shift) => asUtc - offsetAt(asUtc + shift, timeZone),
  );
  const exact = candidates.filter((ms) => formatAuditDate(new Date(ms), timeZone) === value);
  const chosen = exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
  return new Date(chosen).toISOString();
}

/** The calendar day of `now` in the zone of the machine running this code, as 'YYYY-MM-DD'. */
export function localCalendarDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
