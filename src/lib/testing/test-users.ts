/** Users for the app's unit tests (roles as the demo users of DESIGN §6 have them). */
import type { SessionUser } from '../../domain/schemas/session';
import type { AuthState } from '../auth';

const base = { email: null, customer: null } as const;

export const adminUser: SessionUser = {
  ...base,
  id: 'u-admin',
  username: 'admin',
  name: 'Anna Admin',
  firstName: 'Anna',
  lastName: 'Admin',
  roles: ['admin', 'module-dguv', 'ui-admininstrator', 'admin-shop'],
};

export const staffUser: SessionUser = {
  ...base,
  id: 'u-tech',
  username: 'techniker',
  name: 'Tom Techniker',
  firstName: 'Tom',
  lastName: 'Techniker',
  roles: ['module-dguv'],
};

export const officeUser: SessionUser = {
  ...base,
  id: 'u-office',
  username: 'buero',
  name: 'Berta Büro',
  firstName: 'Berta',
  lastName: 'Büro',
  roles: ['ui-admininstrator', 'admin-shop', 'module-dguv'],
};

export const customerUser: SessionUser = {
  ...base,
  id: 'u-kunde',
  username: 'kunde',
  name: 'Karl Kunde',
  firstName: 'Karl',
  lastName: 'Kunde',
  roles: [],
  customer: 'cust-1',
};

export const initialAuthStateForTest: AuthState = {
  status: 'loading',
  user: null,
  accessToken: null,
  accessTokenExpired: false,
  restoredOffline: false,
};
