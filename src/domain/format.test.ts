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
