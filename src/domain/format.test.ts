import { describe, expect, it } from 'vitest';
import {
  dayPattern,
  formatBytes,
  formatDay,
  formatMoment,
  formatNumber,
  formatRecent,
  formatTime,
  parseDay,
} from './format';

describe('one format per kind of value', () => {
  it('writes a calendar day the same way whatever it is stored as', () => {
    for (const value of ['2026-01-15', '2026-01-15 09:30:00', '2026-01-15T08:30:00.000Z']) {
      expect(formatDay(value, 'de')).toBe('15.01.2026');
      expect(formatDay(value, 'en-gb')).toBe('15/01/2026');
      expect(formatDay(value, 'fr')).toBe('15/01/2026');
    }
  });

  it('shows SPEC wall times as written and instants in Berlin time, not the device zone', () => {
    expect(formatMoment('2026-11-24 03:54:05', 'de')).toBe('24.11.2026, 03:54');
    expect(formatMoment('2026-11-24 03:54:05', 'en-gb')).toBe('24/11/2026, 03:54');
    expect(formatMoment('2026-11-24 03:54:05', 'fr')).toBe('24/11/2026 03:54');
    // 23:30 UTC on 24 November is already the 25th in Berlin (UTC+1).
    expect(formatMoment('2026-11-24T23:30:00.000Z', 'de')).toBe('25.11.2026, 00:30');
    expect(formatDay('2026-11-24T23:30:00.000Z', 'de')).toBe('25.11.2026');
    // Summer time: UTC+2.
    expect(formatTime('2026-07-01T10:00:00.000Z', 'de')).toBe('12:00');
  });

  it('writes every kind exactly as Intl does, in each language, for instants and wall times', () => {
    // format.ts writes the app's languages in Berlin and UTC without Intl (wall-time.ts).
    const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    const options = { day: DAY, time: TIME, moment: { ...DAY, ...TIME } };
    const kinds = { day: formatDay, time: formatTime, moment: formatMoment };
    const differ: unknown[] = [];
    for (const language of ['de', 'en-gb', 'fr', 'en-GB']) {
      for (const [kind, fn] of Object.entries(kinds) as [keyof typeof kinds, typeof formatDay][]) {
        const intl = (zone: string) =>
          new Intl.DateTimeFormat(language, { ...options[kind], timeZone: zone });
        const berlin = intl('Europe/Berlin');
        const utc = intl('UTC');
        for (let i = 0; i < 3_000; i++) {
          const ms = Date.UTC(1996, 0, 1) + i * 1_096_583_713; // about every 12.7 days, any hour
          if (new Date(ms).getUTCFullYear() > 2099) break;
          const iso = new Date(ms).toISOString();
          const wall = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
          if (fn(iso, language) !== berlin.format(ms)) differ.push([language, kind, iso]);
          if (fn(wall, language) !== utc.format(ms)) differ.push([language, kind, wall]);
        }
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    // Languages and years it does not write itself are Intl's.
    expect(formatDay('2026-03-01', 'nl')).toBe('01-03-2026');
    expect(formatDay('1980-03-01', 'de')).toBe('01.03.1980');
  });

  it('keeps empty values empty and unreadable ones as they are', () => {
    expect(formatDay(null, 'de')).toBe('');
    expect(formatMoment('', 'de')).toBe('');
    expect(formatDay('2026-02-31', 'de')).toBe('2026-02-31');
    expect(formatDay('soon', 'de')).toBe('soon');
  });

  it('gives the time alone for today and day and time otherwise', () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    expect(formatRecent('2026-11-24T09:15:00.000Z', 'de', now)).toBe('10:15');
    expect(formatRecent('2026-11-23T09:15:00.000Z', 'de', now)).toBe('23.11.2026, 10:15');
  });

  it('writes numbers and sizes with the language’s separators', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en-gb')).toBe('1,234.5');
    expect(formatNumber(1.23456, 'de')).toBe('1,235');
    expect(formatNumber(12.34, 'de', 1)).toBe('12,3');
    expect(formatNumber(null, 'de')).toBe('');
    expect(formatBytes(1536, 'de')).toBe('1,5 kB');
    expect(formatBytes(15, 'en-gb')).toBe('15 byte');
    expect(formatBytes(3 * 1024 * 1024, 'fr')).toBe('3\u202fMo');
  });

  it('writes whole numbers as Intl does in the app’s languages, without it', () => {
    const values = [0, -0, 1, -1, 9, 10, 99, 100, 999, 1000, 1234, -1234, 9999, 10_000, 65_536];
    for (let k = 1; k <= 15; k++) values.push(10 ** k - 1, 10 ** k, -(10 ** k) + 7);
    for (let v = 0; v < 200_000; v += 997) values.push(v, -v);
    values.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    const wrong: string[] = [];
    for (const language of ['de', 'en-gb', 'en-GB', 'fr']) {
      const intl = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
      for (const v of values) {
        if (formatNumber(v, language) !== intl.format(v)) wrong.push(`${language} ${v}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(formatNumber(1250, 'fr')).toBe('1\u202f250');
  });

  it('reads a typed day in the app’s order (day first) and refuses impossible days', () => {
    expect(parseDay('24.11.2026')).toBe('2026-11-24');
    expect(parseDay('1/2/2026')).toBe('2026-02-01');
    expect(parseDay('24-11-26')).toBe('2026-11-24');
    expect(parseDay('2026-11-24')).toBe('2026-11-24');
    expect(parseDay('31.02.2026')).toBeNull();
    expect(parseDay('11/24/2026')).toBeNull();
    expect(parseDay('tomorrow')).toBeNull();
    expect(dayPattern('de')).toBe('DD.MM.YYYY');
    expect(dayPattern('fr')).toBe('DD/MM/YYYY');
  });
});
