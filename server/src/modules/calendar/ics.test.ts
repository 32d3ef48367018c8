import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsCalendar } from './ics';

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'Prüfung ü€ '.repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes all-day events a parser reads back as written', () => {
    const text = icsCalendar({
      name: 'DGUV-Prüfungen – Müller; Söhne, GmbH',
      now: new Date('2026-03-01T12:00:00.000Z'),
      events: [
        {
          uid: 'm1-dguv@example.com',
          day: '2026-12-31',
          summary: 'DGUV-Prüfung: Presse, 250 t; "HP"',
          description: `Zeile 1\nZeile 2 ${'lang '.repeat(30)}`,
          url: 'https://example.com/customer/c/machine/m1',
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    // An X- property is TEXT (RFC 5545 §3.8.8.2); ical.js hands it over as written.
    expect(text).toContain('\r\nX-WR-CALNAME:DGUV-Prüfungen – Müller\\; Söhne\\, GmbH\r\n');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('m1-dguv@example.com');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-31');
    expect(event.endDate.toString()).toBe('2027-01-01');
    expect(event.summary).toBe('DGUV-Prüfung: Presse, 250 t; "HP"');
    expect(event.description).toBe(`Zeile 1\nZeile 2 ${'lang '.repeat(30)}`);
    expect(String(event.component.getFirstPropertyValue('dtstamp'))).toBe('2026-03-01T12:00:00Z');
  });
});
