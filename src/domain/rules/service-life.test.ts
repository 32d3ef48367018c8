import { describe, expect, it } from 'vitest';
import {
  SERVICE_LIFE_MONTHS,
  ageInMonths,
  checkNeedsComment,
  isPastServiceLifeOrStorage,
  isProductionDateUnknown,
  isServiceLifeExceeded,
  isStorageTimeExceeded,
  preselectedFindings,
  serviceLifeEnd,
  storageEnd,
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

describe('storage time and unknown production date (docs/dguv-record.md)', () => {
  const hose = (productionDate: string | null, installationDate: string | null) => ({
    productionDate,
    installationDate,
    isCritical: false,
  });

  it('flags more than 2 years between production and installation', () => {
    expect(storageEnd(hose('2022-03-01', '2024-01-01'))).toBe('2024-03-01');
    expect(isStorageTimeExceeded(hose('2022-03-01', '2024-02-29'))).toBe(false);
    expect(isStorageTimeExceeded(hose('2022-03-01', '2024-03-01'))).toBe(true);
    expect(isStorageTimeExceeded(hose('2022-03-01', null))).toBe(false);
    expect(isStorageTimeExceeded(hose(null, '2024-03-01'))).toBe(false);
  });

  it('counts storage like finding 9: preselected and past service life or storage', () => {
    const stored = hose('2021-01-01', '2023-06-01');
    expect(isServiceLifeExceeded(stored, '2024-01-01')).toBe(false);
    expect(isPastServiceLifeOrStorage(stored, '2024-01-01')).toBe(true);
    expect(preselectedFindings(stored, '2024-01-01')).toEqual([
      'Lagerzeiten und Verwendungsdauer überschritten',
    ]);
    expect(isPastServiceLifeOrStorage(hose('2017-01-01', null), '2024-01-01')).toBe(true);
    expect(isPastServiceLifeOrStorage(hose('2023-01-01', '2023-06-01'), '2024-01-01')).toBe(false);
  });

  it('flags an unknown production date and asks its check for a comment', () => {
    expect(isProductionDateUnknown(hose(null, null))).toBe(true);
    expect(isProductionDateUnknown(hose('2023-01-01', null))).toBe(false);
    expect(checkNeedsComment(hose(null, null), '')).toBe(true);
    expect(checkNeedsComment(hose(null, null), '   ')).toBe(true);
    expect(checkNeedsComment(hose(null, null), 'Marking 3Q21 read on the hose')).toBe(false);
    expect(checkNeedsComment(hose('2023-01-01', null), null)).toBe(false);
  });
});
