import { describe, expect, it } from 'vitest';
import { STAMP_ERROR, formatProductionStamp, parseProductionStamp } from './production-stamp';

const ok = (date: string) => ({ ok: true, date });
const bad = { ok: false, error: STAMP_ERROR };

describe('production stamp (docs/dguv-record.md)', () => {
  it('reads the fitting stamp as year/month', () => {
    expect(parseProductionStamp('2409')).toEqual(ok('2024-09-01'));
    expect(parseProductionStamp(' 1801 ')).toEqual(ok('2018-01-01'));
  });

  it('reads month/year with a four-digit year', () => {
    expect(parseProductionStamp('09/2024')).toEqual(ok('2024-09-01'));
    expect(parseProductionStamp('9/2024')).toEqual(ok('2024-09-01'));
    expect(parseProductionStamp('12.2019')).toEqual(ok('2019-12-01'));
  });

  it("reads the hose print's quarter as the quarter's first month", () => {
    expect(parseProductionStamp('3Q24')).toEqual(ok('2024-07-01'));
    expect(parseProductionStamp('1q2023')).toEqual(ok('2023-01-01'));
    expect(parseProductionStamp('4Q19')).toEqual(ok('2019-10-01'));
  });

  it('takes a stored ISO date as it is', () => {
    expect(parseProductionStamp('2024-09-15')).toEqual(ok('2024-09-15'));
    expect(parseProductionStamp('2024-09')).toEqual(ok('2024-09-01'));
  });

  it('refuses anything else with the translated message', () => {
    for (const input of [
      '2413',
      '0924x',
      '09/24',
      '5Q24',
      '13/2024',
      'Sept 2024',
      '',
      '2024-02-30',
    ]) {
      expect(parseProductionStamp(input), input).toEqual(bad);
    }
  });

  it('shows a stored date as month/year', () => {
    expect(formatProductionStamp('2024-09-01')).toBe('09/2024');
    expect(formatProductionStamp(null)).toBe('');
  });
});
