import { describe, expect, it } from 'vitest';
import { DEFAULT_REFRESHER_YEARS, isRefresherOverdue, refresherDue } from './competent-person';

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
