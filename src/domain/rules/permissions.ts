/**
 * Permissions of SPEC §6, derived from a user's roles and customer id.
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
