import { describe, expect, it } from 'vitest';
import { adminUser, customerUser, officeUser, staffUser } from '@tests/fixtures/test-users';
import { buildNavItems, isNavItemActive, machinesPath } from './nav-items';

const keys = (...args: Parameters<typeof buildNavItems>) =>
  buildNavItems(...args).map((i) => i.key);

describe('navigation menu', () => {
  it('shows every entry to an administrator, in the SPEC order', () => {
    expect(keys(adminUser, null)).toEqual([
      'myCustomers',
      'selectCustomer',
      'overview',
      'workList',
      'dayPlan',
      'myDay',
      'machines',
      'orders',
      'configurator',
      'cheatsheet',
      'settings',
      'administration',
      'devices',
      'logout',
    ]);
  });

  it("offers every user's devices to the office and administrators only", () => {
    expect(keys(officeUser, null)).toContain('devices');
    expect(keys(customerUser, 'cust-1')).not.toContain('devices');
    expect(keys({ roles: ['module-dguv'], customer: null }, null)).not.toContain('devices');
  });

  it("offers staff the office's work list whatever customer is selected, not customer users", () => {
    for (const selected of [null, 'c1']) {
      const work = buildNavItems(officeUser, selected).find((i) => i.key === 'workList');
      expect(work?.to).toBe('/work');
    }
    expect(keys(customerUser, 'cust-1')).not.toContain('workList');
  });

  it('hides my customers, settings and administration from customer users', () => {
    expect(keys(customerUser, 'cust-1')).toEqual([
      'selectLocation',
      'overview',
      'machines',
      'orders',
      'configurator',
      'logout',
    ]);
  });

  it('offers the cheat sheet to those who inspect (module-dguv)', () => {
    expect(keys(staffUser, null)).toContain('cheatsheet');
    expect(keys(customerUser, 'cust-1')).not.toContain('cheatsheet');
  });

  it('shows administration to shop admins and hides my customers without ui-admininstrator', () => {
    expect(keys(officeUser, null)).toContain('administration');
    expect(keys(staffUser, null)).not.toContain('administration');
    expect(keys(staffUser, null)).not.toContain('myCustomers');
    expect(keys(staffUser, null)).toContain('settings');
  });

  it('links machines to the selected customer, or to the selection first', () => {
    expect(machinesPath('c 1')).toBe('/customer/c%201/machine');
    expect(machinesPath(null)).toBe('/customer/select?next=machines');
    const machines = buildNavItems(staffUser, 'c1').find((i) => i.key === 'machines');
    expect(machines?.to).toBe('/customer/c1/machine');
  });

  it('marks the current entry active, the overview only on /', () => {
    const [overview] = buildNavItems(staffUser, null).filter((i) => i.key === 'overview');
    const [orders] = buildNavItems(staffUser, null).filter((i) => i.key === 'orders');
    if (!overview || !orders) throw new Error('entries missing');
    expect(isNavItemActive(overview, '/')).toBe(true);
    expect(isNavItemActive(overview, '/orders')).toBe(false);
    expect(isNavItemActive(orders, '/orders/complete')).toBe(true);
    expect(buildNavItems(null, null)).toEqual([]);
  });

  it('marks one entry at a time: the selection, not Machines, while no customer is selected', () => {
    const active = (selected: string | null, path: string) =>
      buildNavItems(staffUser, selected)
        .filter((i) => isNavItemActive(i, path))
        .map((i) => i.key);
    expect(active(null, '/customer/select')).toEqual(['selectCustomer']);
    expect(active('c1', '/customer/c1/machine/m1/parts/pipes')).toEqual(['machines']);
    expect(active('c1', '/customer/c2/machine')).toEqual(['machines']);
    expect(active('c1', '/')).toEqual(['overview']);
    expect(active('c1', '/work')).toEqual(['workList']);
  });

  it('offers Sync issues before sign-out only while there are sync problems', () => {
    const keys = (problems: number) => buildNavItems(staffUser, null, problems).map((i) => i.key);
    expect(keys(0)).not.toContain('syncIssues');
    expect(keys(2).slice(-2)).toEqual(['syncIssues', 'logout']);
    expect(buildNavItems(staffUser, null, 2).find((i) => i.key === 'syncIssues')?.to).toBe(
      '/sync-issues',
    );
  });
});
