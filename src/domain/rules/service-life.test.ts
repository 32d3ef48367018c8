import { describe, expect, it } from 'vitest';
import {
  SERVICE_LIFE_MONTHS,
  ageInMonths,
  isServiceLifeExceeded,
  preselectedFindings,
  serviceLifeEnd,
} from './service-life';

const normal = (productionDate: string | null) => ({ productionDate, isCritical: false });
const critical = (productionDate: string | null) => ({ productionDate, isCritical: true });

describe('service life (docs/architecture.md)', () => {
  it('is 6 years for normal and 2 years for critical hoses', () => {
    expect(SERVICE_LIFE_MONTHS).toEqual({ normal: 72, critical: 24 });
    expect(serviceLifeEnd(normal('2018-03-01'))).toBe('2024-03-01');
    expect(serviceLifeEnd(critical('2018-03-01'))).toBe('2020-03-01');
  });

  it('ends on a real day for a leap-day production date', () => {
    expect(serviceLifeEnd(normal('2020-02-29'))).toBe('2026-02-28');
    expect(serviceLifeEnd(critical('2020-02-29'))).toBe('2022-02-28');
  });

  it('is unknown without a production date', () => {
    expect(serviceLifeEnd(normal(null))).toBeNull();
    expect(isServiceLifeExceeded(normal(null), '2099-01-01')).toBe(false);
    expect(preselectedFindings(normal(null), '2099-01-01')).toEqual([]);
  });

  it('is exceeded from the end day on, whatever the time of day', () => {
    expect(isServiceLifeExceeded(normal('2018-03-01'), '2024-02-29T23:59:59Z')).toBe(false);
    expect(isServiceLifeExceeded(normal('2018-03-01'), '2024-03-01T00:00:00Z')).toBe(true);
    expect(isServiceLifeExceeded(critical('2023-01-10'), '2025-01-09')).toBe(false);
    expect(isServiceLifeExceeded(critical('2023-01-10'), '2025-01-10')).toBe(true);
  });

  it('pre-selects finding 9 only for hoses past their life', () => {
    expect(preselectedFindings(critical('2020-01-01'), '2024-01-01')).toEqual([
      'Lagerzeiten und Verwendungsdauer überschritten',
    ]);
    expect(preselectedFindings(normal('2020-01-01'), '2024-01-01')).toEqual([]);
  });

  it('counts whole months of age', () => {
    expect(ageInMonths(normal('2024-01-31'), '2024-02-29')).toBe(1);
    expect(ageInMonths(normal('2024-01-31'), '2024-02-28')).toBe(0);
    expect(ageInMonths(normal('2018-03-15'), '2024-03-14')).toBe(71);
    expect(ageInMonths(normal('2018-03-15'), '2024-03-15')).toBe(72);
    expect(ageInMonths(normal('2025-01-01'), '2024-01-01')).toBe(0);
    expect(ageInMonths(normal(null), '2024-01-01')).toBeNull();
  });
});
