import { describe, expect, it } from 'vitest';
import { hoseSwapPath, inAppPath } from './hose-paths';

describe('hose swap paths', () => {
  const pipe = { companyId: 'c1', machineId: 'm1', id: 'p1' };
  it('opens the swap, for a line, and comes back', () => {
    expect(hoseSwapPath(pipe)).toBe('/customer/c1/machine/m1/parts/pipes/p1?swap=1');
    expect(hoseSwapPath(pipe, { line: 'l1', back: '/orders/o1' })).toBe(
      '/customer/c1/machine/m1/parts/pipes/p1?swapLine=l1&back=%2Forders%2Fo1',
    );
  });

  it.each([
    ['/dguv/audit', '/dguv/audit'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    [null, null],
  ])('back %s → %s', (value, path) => {
    expect(inAppPath(value)).toBe(path);
  });
});
