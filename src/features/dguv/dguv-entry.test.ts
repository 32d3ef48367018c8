import { describe, expect, it } from 'vitest';
import { dguvAuditRedirect, dguvStartAllowed } from './dguv-entry';

describe('DGUV entry rules (docs/architecture.md)', () => {
  it('needs a machine for /dguv unless an audit runs, and a running audit for /dguv/audit', () => {
    expect(dguvStartAllowed('', false)).toBe(false);
    expect(dguvStartAllowed('?machine=', false)).toBe(false);
    expect(dguvStartAllowed('?machine=m1', false)).toBe(true);
    expect(dguvStartAllowed('', true)).toBe(true);
    expect(dguvAuditRedirect(false)).toBe('/dguv');
    expect(dguvAuditRedirect(true)).toBeNull();
  });
});
