import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  accessIssue,
  hasPermission,
  isCustomerUser,
  type Permission,
  type PermissionSubject,
} from './permissions';

const CUSTOMER_ID = '01936b2e-0000-7000-8000-00000000c001';

/** The demo users of docs/operations.md plus the edge cases of docs/operations.md. */
const USERS = {
  admin: { roles: ['admin', 'module-dguv', 'ui-admininstrator', 'admin-shop'], customer: null },
  techniker: { roles: ['module-dguv'], customer: null },
  buero: { roles: ['ui-admininstrator', 'admin-shop', 'module-dguv'], customer: null },
  // A customer user keeps customer restrictions even if the provider hands out roles.
  kunde: {
    roles: ['admin', 'module-dguv', 'ui-admininstrator', 'admin-shop'],
    customer: CUSTOMER_ID,
  },
  staffWithoutRoles: { roles: [], customer: null },
} satisfies Record<string, PermissionSubject>;

/** Expected grants, written out per user (not derived from the implementation). */
const EXPECTED: Record<keyof typeof USERS, Record<Permission, boolean>> = {
  admin: {
    'module-dguv': true,
    'ui-admininstrator': true,
    'admin-shop': true,
    'can-edit': true,
    'has-admin-permission': true,
  },
  techniker: {
    'module-dguv': true,
    'ui-admininstrator': false,
    'admin-shop': false,
    'can-edit': true,
    'has-admin-permission': false,
  },
  buero: {
    'module-dguv': true,
    'ui-admininstrator': true,
    'admin-shop': true,
    'can-edit': true,
    'has-admin-permission': false,
  },
  kunde: {
    'module-dguv': true,
    'ui-admininstrator': true,
    'admin-shop': true,
    'can-edit': false,
    'has-admin-permission': false,
  },
  staffWithoutRoles: {
    'module-dguv': false,
    'ui-admininstrator': false,
    'admin-shop': false,
    'can-edit': true,
    'has-admin-permission': false,
  },
};

describe('permissions (docs/operations.md)', () => {
  const cases = (Object.keys(USERS) as Array<keyof typeof USERS>).flatMap((user) =>
    PERMISSIONS.map((permission) => ({ user, permission })),
  );

  it('covers all five permissions', () => {
    expect([...PERMISSIONS].sort()).toEqual(
      ['admin-shop', 'can-edit', 'has-admin-permission', 'module-dguv', 'ui-admininstrator'].sort(),
    );
  });

  it.each(cases)('$user → $permission', ({ user, permission }) => {
    expect(hasPermission(USERS[user], permission)).toBe(EXPECTED[user][permission]);
  });

  it('knows customer users by their customer id', () => {
    expect(isCustomerUser(USERS.kunde)).toBe(true);
    expect(isCustomerUser(USERS.admin)).toBe(false);
    expect(isCustomerUser({ roles: [], customer: '' })).toBe(false);
  });

  it('grants nothing without a user', () => {
    for (const permission of PERMISSIONS) {
      expect(hasPermission(null, permission)).toBe(false);
      expect(hasPermission(undefined, permission)).toBe(false);
    }
  });
});

describe('accessIssue', () => {
  it('asks a staff account for at least one known role; a customer link needs none', () => {
    expect(accessIssue({ roles: [], customerId: null })).toBe('admin:rolesRequired');
    expect(accessIssue({ roles: ['offline_access'], customerId: null })).toBe(
      'admin:rolesRequired',
    );
    expect(accessIssue({ roles: [], customerId: '' })).toBe('admin:rolesRequired');
    expect(accessIssue({ roles: ['admin-shop'], customerId: null })).toBeNull();
    expect(accessIssue({ roles: [], customerId: 'c1' })).toBeNull();
  });
});
