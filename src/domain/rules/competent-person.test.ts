import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REFRESHER_YEARS,
  isRefresherOverdue,
  lastRefresherIssue,
  parseRefresherYears,
  refresherDue,
} from './competent-person';

describe('refresher of the competent person (docs/dguv-record.md)', () => {
  it('defaults to every 3 years', () => {
    expect(DEFAULT_REFRESHER_YEARS).toBe(3);
    expect(refresherDue('2023-05-10', 3)).toBe('2026-05-10');
  });

  it('warns from the due day on, and when none is recorded', () => {
    expect(isRefresherOverdue('2023-05-10', 3, '2026-05-09')).toBe(false);
    expect(isRefresherOverdue('2023-05-10', 3, '2026-05-10T06:00:00Z')).toBe(true);
    expect(isRefresherOverdue('2023-05-10', 2, '2025-06-01')).toBe(true);
    expect(isRefresherOverdue(null, 3, '2026-01-01')).toBe(true);
  });
});

describe('the refresher interval setting', () => {
  it('takes whole years from 1 to 10', () => {
    expect(parseRefresherYears('1')).toEqual({ ok: true, years: 1 });
    expect(parseRefresherYears(' 10 ')).toEqual({ ok: true, years: 10 });
  });

  it('refuses anything else with its message', () => {
    for (const typed of ['', '0', '11', '2,5', '2.5', '-3', 'drei', '1e1']) {
      expect(parseRefresherYears(typed)).toEqual({
        ok: false,
        message: 'validation:refresherYears',
      });
    }
  });
});

describe('the day of the last refresher', () => {
  it('takes a real day up to today, or none', () => {
    expect(lastRefresherIssue(null, '2026-05-10')).toBeNull();
    expect(lastRefresherIssue('2026-05-10', '2026-05-10')).toBeNull();
    expect(lastRefresherIssue('2024-02-29', '2026-05-10')).toBeNull();
  });

  it('refuses a day to come and one that is no calendar day', () => {
    expect(lastRefresherIssue('2026-05-11', '2026-05-10')).toBe('validation:refresherFuture');
    expect(lastRefresherIssue('2025-02-29', '2026-05-10')).toBe('validation:format');
    expect(lastRefresherIssue('12.05.2024', '2026-05-10')).toBe('validation:format');
  });
});
