import { describe, expect, it } from 'vitest';
import { formatAuditDate, parseAuditDate } from './dates';

describe('formatAuditDate (docs/api.md)', () => {
  it('formats in Europe/Berlin by default, winter and summer time', () => {
    expect(formatAuditDate('2024-01-15T09:05:07Z')).toBe('2024-01-15 10:05:07');
    expect(formatAuditDate(new Date('2024-07-15T09:05:07.999Z'))).toBe('2024-07-15 11:05:07');
  });

  it('rolls over the day and prints midnight as 00', () => {
    expect(formatAuditDate('2024-12-31T23:30:00Z')).toBe('2025-01-01 00:30:00');
    expect(formatAuditDate('2024-06-30T22:00:00Z')).toBe('2024-07-01 00:00:00');
  });

  it('uses any given IANA zone', () => {
    expect(formatAuditDate('2024-01-15T09:05:07Z', 'UTC')).toBe('2024-01-15 09:05:07');
    expect(formatAuditDate('2024-01-15T09:05:07Z', 'America/New_York')).toBe('2024-01-15 04:05:07');
  });

  it('refuses invalid dates', () => {
    expect(() => formatAuditDate('not a date')).toThrow(RangeError);
  });
});

describe('parseAuditDate', () => {
  it('reads wall time in the zone as an instant', () => {
    expect(parseAuditDate('2024-01-15 10:05:07')).toBe('2024-01-15T09:05:07.000Z');
    expect(parseAuditDate('2024-07-15 11:05:07')).toBe('2024-07-15T09:05:07.000Z');
    expect(parseAuditDate('2024-01-15 04:05:07', 'America/New_York')).toBe(
      '2024-01-15T09:05:07.000Z',
    );
  });

  it('round-trips with formatAuditDate', () => {
    for (const iso of [
      '2024-03-31T00:59:59.000Z',
      '2024-03-31T01:00:00.000Z',
      '2024-10-27T02:00:00.000Z',
    ]) {
      expect(parseAuditDate(formatAuditDate(iso))).toBe(iso);
    }
  });

  it('takes the earlier instant in the repeated autumn hour', () => {
    expect(parseAuditDate('2024-10-27 02:30:00')).toBe('2024-10-27T00:30:00.000Z');
  });

  it('moves a time skipped in spring one hour on', () => {
    expect(parseAuditDate('2024-03-31 02:30:00')).toBe('2024-03-31T01:30:00.000Z');
  });

  it('gives null for malformed or impossible dates', () => {
    expect(parseAuditDate('2024-01-15T10:05:07')).toBeNull();
    expect(parseAuditDate('2024-02-30 10:00:00')).toBeNull();
    expect(parseAuditDate('2024-01-15 24:00:00')).toBeNull();
    expect(parseAuditDate('')).toBeNull();
  });
});
