import { describe, expect, it } from 'vitest';
import { CHANGEINTERVAL } from '../schemas/enums';
import {
  INTERVAL_MONTHS,
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
