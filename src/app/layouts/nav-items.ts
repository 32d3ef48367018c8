/** The sidebar menu of docs/architecture.md, filtered by the user's permissions. */
import { canPlanDays } from '@domain/rules/day-plan';
import { hasPermission, isCustomerUser } from '@domain/rules/permissions';
import { DEVICES_PATH, SYNC_ISSUES_PATH } from '@features/sync-status/paths';
import { canSeeAllDevices } from '@domain/rules/devices';
import type { PermissionSubject } from '@domain/rules/permissions';
import { NEXT_MACHINES } from '@lib/selection/select-next';

export type NavKey =
  | 'myCustomers'
  | 'selectCustomer'
  | 'selectLocation'
  | 'overview'
  | 'workList'
  | 'dayPlan'
  | 'myDay'
  | 'machines'
  | 'orders'
  | 'configurator'
  | 'cheatsheet'
  | 'settings'
  | 'administration'
  | 'devices'
  | 'syncIssues'
  | 'logout';

export interface NavItem {
  key: NavKey;
  to: string;
  /** Prefix match for the active state; exact match when false. */
  matchNested: boolean;
  /**
   * The paths the entry stands for, when its link is not one: Machines links to the customer
   * selection while none is selected, yet only a machine screen makes it the current entry.
   */
  activeOn?: RegExp;
}

export const SELECT_CUSTOMER_PATH = '/customer/select';
/** The office's work across customers, reachable whatever customer is selected. */
export const WORK_LIST_PATH = '/work';
export const CHEATSHEET_PATH = '/cheatsheet';

/**
 * Where the machines list is: the selected customer's, or the selection first, which says why
 * and then opens the chosen customer's machine list.
 */
export function machinesPath(selectedCustomerId: string | null): string {
  return selectedCustomerId
    ? `/customer/${encodeURIComponent(selectedCustomerId)}/machine`
    : `${SELECT_CUSTOMER_PATH}?next=${NEXT_MACHINES}`;
}

/** `syncProblems`: rejected or conflicting entries; the Sync issues entry shows only then. */
export function buildNavItems(
  user: PermissionSubject | null,
  selectedCustomerId: string | null,
  syncProblems = 0,
): NavItem[] {
  if (!user) return [];
  const items: (NavItem | false)[] = [
    hasPermission(user, 'ui-admininstrator') && {
      key: 'myCustomers',
      to: '/customer',
      matchNested: false,
    },
    // Customer users have their customer fixed; they still pick among its locations.
    {
      key: isCustomerUser(user) ? 'selectLocation' : 'selectCustomer',
      to: SELECT_CUSTOMER_PATH,
      matchNested: false,
    },
    { key: 'overview', to: '/', matchNested: false },
    !isCustomerUser(user) && { key: 'workList', to: WORK_LIST_PATH, matchNested: false },
    canPlanDays(user) && { key: 'dayPlan', to: '/day-plan', matchNested: false },
    !isCustomerUser(user) &&
      hasPermission(user, 'module-dguv') && {
        key: 'myDay',
        to: '/day-plan/mine',
        matchNested: false,
      },
    {
      key: 'machines',
      to: machinesPath(selectedCustomerId),
      matchNested: true,
      activeOn: /^\/customer\/[^/]+\/machine(\/|$)/,
    },
    { key: 'orders', to: '/orders', matchNested: true },
    { key: 'configurator', to: '/configurator', matchNested: true },
    // The technician's field guide (findings, service life, marking), readable offline.
    hasPermission(user, 'module-dguv') && {
      key: 'cheatsheet',
      to: CHEATSHEET_PATH,
      matchNested: false,
    },
    hasPermission(user, 'can-edit') && { key: 'settings', to: '/settings', matchNested: true },
    !isCustomerUser(user) &&
      (hasPermission(user, 'has-admin-permission') || hasPermission(user, 'admin-shop')) && {
        key: 'administration',
        to: '/admin',
        matchNested: true,
      },
    // Every user's devices and their unsent work: the office and administrators.
    canSeeAllDevices(user) && { key: 'devices', to: DEVICES_PATH, matchNested: false },
    syncProblems > 0 && { key: 'syncIssues', to: SYNC_ISSUES_PATH, matchNested: false },
    { key: 'logout', to: '/auth/logout', matchNested: false },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.activeOn) return item.activeOn.test(pathname);
  if (pathname === item.to) return true;
  return item.matchNested && item.to !== '/' && pathname.startsWith(`${item.to}/`);
}
