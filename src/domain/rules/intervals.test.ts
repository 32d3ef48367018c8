import { describe, expect, it } from 'vitest';
import { CHANGEINTERVAL } from '../schemas/enums';
import {
  INTERVAL_MONTHS,
  addDays,
  addMonths,
  intervalFor,
  isDueWithin,
  isOverdue,
  nextDueDate,
  pipeNextDueDate,
  toCalendarDate,
} from './intervals';

describe('interval months', () => {
  it('maps every CHANGEINTERVAL', () => {
    expect(INTERVAL_MONTHS).toEqual({ YEAR: 12, HALFYEAR: 6, QUARTER: 3, MONTH: 1 });
    expect(Object.keys(INTERVAL_MONTHS).sort()).toEqual([...CHANGEINTERVAL].sort());
  });
});

describe('calendar dates', () => {
  it('reads dates, audit dates and instants as UTC days', () => {
    expect(toCalendarDate('2024-05-06')).toBe('2024-05-06');
    expect(toCalendarDate('2024-05-06 23:59:59')).toBe('2024-05-06');
    expect(toCalendarDate('2024-05-06T23:30:00-02:00')).toBe('2024-05-07');
    expect(toCalendarDate(new Date(Date.UTC(2024, 4, 6, 23, 59)))).toBe('2024-05-06');
  });

  it('refuses invalid and zone-less values', () => {
    expect(() => toCalendarDate('2024-02-30')).toThrow(RangeError);
    expect(() => toCalendarDate('2024-05-06T10:00:00')).toThrow(RangeError);
    expect(() => toCalendarDate('May 6 2024')).toThrow(RangeError);
    expect(() => toCalendarDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('adds calendar months end-of-month safe', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-03-31', 6)).toBe('2024-09-30');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-11-15', 3)).toBe('2025-02-15');
    expect(addMonths('2024-05-31', -3)).toBe('2024-02-29');
  });
});

describe('nextDueDate', () => {
  it('adds the interval in calendar months', () => {
    expect(nextDueDate('2024-01-31', 'MONTH')).toBe('2024-02-29');
    expect(nextDueDate('2024-08-31', 'QUARTER')).toBe('2024-11-30');
    expect(nextDueDate('2024-08-31', 'HALFYEAR')).toBe('2025-02-28');
    expect(nextDueDate('2024-02-29 08:15:00', 'YEAR')).toBe('2025-02-28');
  });

  it('uses the critical interval for critical hoses', () => {
    const machine = { dguvInterval: 'YEAR', dguvIntervalCritical: 'QUARTER' } as const;
    expect(intervalFor({ isCritical: true }, machine)).toBe('QUARTER');
    expect(intervalFor({ isCritical: false }, machine)).toBe('YEAR');
    expect(pipeNextDueDate({ isCritical: true }, machine, '2024-01-15')).toBe('2024-04-15');
    expect(pipeNextDueDate({ isCritical: false }, machine, '2024-01-15')).toBe('2025-01-15');
    expect(pipeNextDueDate({ isCritical: false }, machine, null)).toBeNull();
  });
});

describe('overdue and due soon', () => {
  it('is overdue only after the due day; never checked is overdue', () => {
    expect(isOverdue('2024-06-01', '2024-06-01T23:59:59Z')).toBe(false);
    expect(isOverdue('2024-06-01', '2024-06-02T00:00:00Z')).toBe(true);
    expect(isOverdue(null, '2024-06-01')).toBe(true);
  });

  it('is due within n days when not overdue and due by today + n', () => {
    expect(isDueWithin('2024-06-10', 9, '2024-06-01')).toBe(true);
    expect(isDueWithin('2024-06-10', 8, '2024-06-01')).toBe(false);
    expect(isDueWithin('2024-06-01', 0, '2024-06-01')).toBe(true);
    expect(isDueWithin('2024-05-31', 30, '2024-06-01')).toBe(false);
    expect(isDueWithin(null, 30, '2024-06-01')).toBe(false);
  });
});

/**
 * Date's own arithmetic, as the functions were written before they became plain arithmetic:
 * the reference the fast versions must match (years 100–9999; Date.UTC reads 0–99 as 19xx).
 */
const reference = {
  day(value: string | Date): string {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    const audit = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/.exec(value);
    const day = audit?.[1] ?? value;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
    if (m) {
      const probe = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (probe.getUTCMonth() !== Number(m[2]) - 1 || probe.getUTCDate() !== Number(m[3])) {
        throw new RangeError(value);
      }
      return day;
    }
    const ms = Date.parse(value);
    if (Number.isNaN(ms) || !/(Z|[+-]\d{2}:\d{2})$/i.test(value)) throw new RangeError(value);
    return new Date(ms).toISOString().slice(0, 10);
  },
  addMonths(date: string, months: number): string {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const target = new Date(Date.UTC(y, m - 1 + months, 1));
    const last = new Date(
      Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
    ).getUTCDate();
    target.setUTCDate(Math.min(d, last));
    return target.toISOString().slice(0, 10);
  },
  addDays(date: string, days: number): string {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
  },
};

/** Every day from `from` to `to` (inclusive), as 'YYYY-MM-DD'. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

describe('calendar arithmetic without Date objects', () => {
  const days = daysBetween('1899-12-01', '2101-01-31');

  it('reads every day of two centuries, and its audit dates, as Date does', () => {
    const wrong = days.filter(
      (day) =>
        toCalendarDate(day) !== day ||
        toCalendarDate(`${day} 23:59:59`) !== day ||
        toCalendarDate(new Date(`${day}T12:00:00Z`)) !== day,
    );
    expect(wrong).toEqual([]);
    expect(days).toHaveLength(73_476); // 201 years and 2 months
  });

  it('gives the UTC day of instants and Date values as Date does, around every midnight', () => {
    const wrong: string[] = [];
    for (const day of daysBetween('1969-12-25', '2101-01-05').filter((_, i) => i % 7 === 0)) {
      for (const at of [`${day}T00:00:00Z`, `${day}T23:59:59.999Z`, `${day}T00:30:00+01:00`]) {
        const date = new Date(at);
        if (toCalendarDate(at) !== reference.day(at)) wrong.push(at);
        if (toCalendarDate(date) !== reference.day(date)) wrong.push(`Date ${at}`);
      }
    }
    for (const ms of [-1, 0, 1, -86_400_001, 253_402_300_799_999, -62_135_596_800_000]) {
      if (toCalendarDate(new Date(ms)) !== reference.day(new Date(ms))) wrong.push(String(ms));
    }
    expect(wrong).toEqual([]);
  });

  it('refuses what Date refuses: days that do not exist, other shapes, other digits', () => {
    for (const bad of [
      '2023-02-29',
      '2100-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-1-01',
      '2024/01/01',
      '２０２４-01-01',
      '2024-02-30 10:00:00',
      '2024-02-28 1:00:00',
      '2024-02-28 10:00:0x',
      '2024-02-28T10:00:00',
      '',
    ]) {
      expect(() => toCalendarDate(bad), bad).toThrow(RangeError);
      expect(() => reference.day(bad), bad).toThrow(RangeError);
    }
    expect(toCalendarDate('2000-02-29')).toBe('2000-02-29');
  });

  it('adds months as Date does, clamped to the month end, for every day of three years', () => {
    const sample = [
      ...daysBetween('1999-01-01', '2001-12-31'),
      ...days.filter((day) => day.endsWith('-28') || day.endsWith('-29') || day.endsWith('-31')),
    ];
    const wrong: string[] = [];
    for (const day of sample) {
      for (const months of [-121, -25, -12, -1, 0, 1, 2, 3, 6, 11, 12, 13, 24, 60, 120, 1200]) {
        if (addMonths(day, months) !== reference.addMonths(day, months)) {
          wrong.push(`${day} ${months}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('adds days as Date does across month, year and leap-day ends', () => {
    const wrong: string[] = [];
    for (const day of days.filter((_, i) => i % 3 === 0)) {
      for (const n of [-400, -366, -365, -31, -1, 0, 1, 29, 30, 31, 365, 366, 1461]) {
        if (addDays(day, n) !== reference.addDays(day, n)) wrong.push(`${day} ${n}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
