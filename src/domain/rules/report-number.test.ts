import { describe, expect, it } from 'vitest';
import { reportNumber, shortRef } from './report-number';

describe('report numbers', () => {
  it('is the day and the id’s last six characters, readable and stable', () => {
    expect(shortRef('01936b2e-0005-7000-8000-0000007f3a2c')).toBe('7F3A2C');
    expect(reportNumber('2026-11-24 03:54:05', '01936b2e-0005-7000-8000-0000007f3a2c')).toBe(
      '20261124-7F3A2C',
    );
    expect(reportNumber('2026-11-24', '01936b2e-0005-7000-8000-00000000c001')).toBe(
      '20261124-00C001',
    );
  });
});
