/**
 * iCalendar text (RFC 5545) for the DGUV due-date feed: all-day events, TEXT values escaped
 * (backslash, semicolon, comma, line breaks), content lines folded at 75 octets without
 * splitting a UTF-8 character, CRLF line ends.
 */

export interface IcsEvent {
  uid: string;
  /** The all-day event's day, 'YYYY-MM-DD'. */
  day: string;
  summary: string;
  description: string;
  url: string;
}

export interface IcsCalendar {
  name: string;
  /** The time the feed is made (DTSTAMP). */
  now: Date;
  events: readonly IcsEvent[];
}

/** A TEXT value (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();
const MAX_OCTETS = 75;

/** One content line folded (§3.1): no line longer than 75 octets, continuations start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line's leading space counts towards its 75 octets.
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const basicDay = (day: string) => day.replace(/-/g, '');

/** The day after `day` ('YYYY-MM-DD'): an all-day event's exclusive end. */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** '20260301T120000Z' */
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function eventLines(event: IcsEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${basicDay(event.day)}`,
    `DTEND;VALUE=DATE:${basicDay(nextDay(event.day))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

export function icsCalendar({ name, now, events }: IcsCalendar): string {
  const stamp = utcStamp(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Schlauchmanager//DGUV due dates//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    // Subscribing calendars ask again after an hour (Apple, Google and Outlook read these).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...events.flatMap((e) => eventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
