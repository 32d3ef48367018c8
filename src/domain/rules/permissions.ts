/**
 * Permissions of docs/operations.md, derived from a user's roles and customer id.
 * The server enforces them; the client only hides what would be refused.
 */
export const PERMISSIONS = [
  'module-dguv',
  'ui-admininstrator',
  'admin-shop',
  'can-edit',
  'has-admin-permission',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Role names issued by the identity provider (Keycloak realm roles). */
export const ROLES = ['admin', 'module-dguv', 'ui-admininstrator', 'admin-shop'] as const;
export type Role = (typeof ROLES)[number];

export interface PermissionSubject {
  roles: readonly string[];
  /** Customer (company) id for customer users, null for staff. */
  customer: string | null;
}

/**
 * A user's access is chosen, not defaulted: every user who is not a customer user may edit
 * every customer, so an account without a customer link must name at least one role — a
 * forgotten choice must not become full edit rights. The admin dialog and the server both
 * ask here; the answer is the message key to show, or null.
 */
export function accessIssue(account: {
  roles: readonly string[];
  customerId: string | null;
}): 'admin:rolesRequired' | null {
  if (account.customerId !== null && account.customerId !== '') return null;
  return account.roles.some((r) => (ROLES as readonly string[]).includes(r))
    ? null
    : 'admin:rolesRequired';
}

export function isCustomerUser(user: PermissionSubject): boolean {
  return user.customer !== null && user.customer !== '';
}

export function hasPermission(user: PermissionSubject | null | undefined, p: Permission): boolean {
  if (!user) return false;
  switch (p) {
    case 'can-edit':
      return !isCustomerUser(user);
    case 'has-admin-permission':
      return !isCustomerUser(user) && user.roles.includes('admin');
    default:
      return user.roles.includes(p);
  }
}

/**
 * Office work — approving audits, planning days, seeing every device: office staff
 * (ui-admininstrator) or an administrator, never a customer user whatever roles their account
 * carries. The one place this is written (the rules that need it call it).
 */
export function isOfficeStaff(user: PermissionSubject | null | undefined): boolean {
  return (
    hasPermission(user, 'can-edit') &&
    (hasPermission(user, 'ui-admininstrator') || hasPermission(user, 'has-admin-permission'))
  );
}
