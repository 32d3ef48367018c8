import { describe, expect, it } from 'vitest';
import {
  appRedirect,
  decideGuard,
  loginPath,
  meetsPermissions,
  postLoginTarget,
  type GuardInput,
} from './guards';
import { resolveRoute, type RouteHandle } from './route-handle';
import { adminUser, customerUser, officeUser, staffUser } from '@tests/fixtures/test-users';

const at = (url: string) => {
  const u = new URL(url, 'http://app.test');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
};

function input(overrides: Partial<GuardInput> & { url?: string; handles?: RouteHandle[] }) {
  const { url = '/', handles = [{ title: 'routes:dashboard' }], ...rest } = overrides;
  return {
    status: 'authenticated',
    user: staffUser,
    location: at(url),
    route: resolveRoute(handles),
    selectedCustomerId: null,
    ...rest,
  } satisfies GuardInput;
}

describe('auth guard', () => {
  it('shows the loader while the session loads', () => {
    expect(decideGuard(input({ status: 'loading', user: null }))).toEqual({ kind: 'loading' });
  });

  it('keeps the login page mounted while the session loads', () => {
    const handles: RouteHandle[] = [{ title: 'routes:login', auth: 'guest-only' }];
    expect(decideGuard(input({ status: 'loading', user: null, handles }))).toEqual({
      kind: 'render',
    });
  });

  it('sends unauthenticated visitors to the login page with the full path', () => {
    const decision = decideGuard(
      input({ status: 'unauthenticated', user: null, url: '/customer/c1/machine?q=a b&x=1#top' }),
    );
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/auth/login?redirect=%2Fcustomer%2Fc1%2Fmachine%3Fq%3Da%2520b%26x%3D1%23top',
    });
    const target = new URL(`http://app.test${decision.kind === 'redirect' ? decision.to : ''}`);
    expect(target.searchParams.get('redirect')).toBe('/customer/c1/machine?q=a%20b&x=1#top');
  });

  it('lets anyone see public pages', () => {
    const handles: RouteHandle[] = [{ title: 'routes:notFound', auth: 'public' }];
    expect(decideGuard(input({ status: 'unauthenticated', user: null, handles }))).toEqual({
      kind: 'render',
    });
  });

  it('sends signed-in users away from the login page, to a safe redirect', () => {
    const handles: RouteHandle[] = [{ title: 'routes:login', auth: 'guest-only' }];
    expect(decideGuard(input({ handles, url: '/auth/login?redirect=%2Forders' }))).toEqual({
      kind: 'leave-guest-page',
      fallback: '/orders',
    });
    expect(decideGuard(input({ handles, url: '/auth/login?redirect=https://evil.test' }))).toEqual({
      kind: 'leave-guest-page',
      fallback: '/',
    });
    expect(decideGuard(input({ handles, url: '/auth/login?redirect=//evil.test' }))).toEqual({
      kind: 'leave-guest-page',
      fallback: '/',
    });
  });

  it('renders the login page for signed-out visitors', () => {
    const handles: RouteHandle[] = [{ title: 'routes:login', auth: 'guest-only' }];
    expect(decideGuard(input({ status: 'unauthenticated', user: null, handles }))).toEqual({
      kind: 'render',
    });
  });

  it('prefers the remembered path after sign-in, then the redirect parameter, then /', () => {
    expect(postLoginTarget('/orders', '/settings')).toBe('/orders');
    expect(postLoginTarget('/', '/settings')).toBe('/');
    expect(postLoginTarget(null, '/settings')).toBe('/settings');
    expect(postLoginTarget(null, 'https://evil.test')).toBe('/');
    expect(postLoginTarget(null, '//evil.test/x')).toBe('/');
    expect(postLoginTarget(null, null)).toBe('/');
    expect(postLoginTarget('/auth/login', null)).toBe('/');
  });

  it('builds the login path from path, query and hash', () => {
    expect(loginPath(at('/'))).toBe('/auth/login?redirect=%2F');
  });
});

describe('permission guard', () => {
  const settings: RouteHandle[] = [{ title: 'routes:settings', permission: 'can-edit' }];

  it('shows the no-permission panel instead of the screen', () => {
    expect(decideGuard(input({ user: customerUser, handles: settings, url: '/settings' }))).toEqual(
      { kind: 'forbidden' },
    );
    expect(decideGuard(input({ user: staffUser, handles: settings, url: '/settings' }))).toEqual({
      kind: 'render',
    });
  });

  it('requires every permission along the matched routes', () => {
    const handles: RouteHandle[] = [
      { title: 'routes:admin', permission: ['has-admin-permission', 'admin-shop'] },
      { title: 'routes:adminProducts', permission: 'admin-shop' },
    ];
    const url = '/admin/shop/product-list';
    expect(decideGuard(input({ user: officeUser, handles, url }))).toEqual({ kind: 'render' });
    expect(decideGuard(input({ user: staffUser, handles, url }))).toEqual({ kind: 'forbidden' });
  });

  it('treats a list as "any of"', () => {
    const admin = [['has-admin-permission', 'admin-shop'] as const];
    expect(meetsPermissions(adminUser, admin)).toBe(true);
    expect(meetsPermissions(officeUser, admin)).toBe(true);
    expect(meetsPermissions(staffUser, admin)).toBe(false);
    expect(meetsPermissions(null, ['module-dguv'])).toBe(false);
  });
});

describe('redirects of docs/architecture.md', () => {
  const ctx = { user: staffUser, selectedCustomerId: 'c 1' };

  it('sends /cart to the selected customer cart, and /cart/checkout to /cart', () => {
    expect(appRedirect('/cart', ctx)).toBe('/customer/c%201/cart');
    expect(appRedirect('/cart/', ctx)).toBe('/customer/c%201/cart');
    expect(appRedirect('/cart', { ...ctx, selectedCustomerId: null })).toBeNull();
    expect(appRedirect('/cart/checkout', ctx)).toBe('/cart');
    expect(appRedirect('/cart/checkout/o1', ctx)).toBeNull();
  });

  it('sends /customer to the selected customer', () => {
    expect(appRedirect('/customer', ctx)).toBe('/customer/c%201');
    expect(appRedirect('/customer', { ...ctx, selectedCustomerId: null })).toBeNull();
  });

  it("keeps customer users on their own customer's pages", () => {
    const own = { user: customerUser, selectedCustomerId: 'cust-1' };
    expect(appRedirect('/customer/other', own)).toBe('/customer/cust-1');
    expect(appRedirect('/customer/other/machine/m1', own)).toBe('/customer/cust-1');
    expect(appRedirect('/customer/cust-1/machine/m1', own)).toBeNull();
    expect(appRedirect('/customer/select', own)).toBeNull();
    expect(appRedirect('/customer/other', ctx)).toBeNull();
  });

  it('applies the redirects in the guard for signed-in users only', () => {
    const handles: RouteHandle[] = [{ title: 'routes:cart' }];
    expect(decideGuard(input({ handles, url: '/cart', selectedCustomerId: 'c1' }))).toEqual({
      kind: 'redirect',
      to: '/customer/c1/cart',
    });
    const signedOut = input({ status: 'unauthenticated', user: null, handles, url: '/cart' });
    expect(decideGuard(signedOut)).toEqual({
      kind: 'redirect',
      to: '/auth/login?redirect=%2Fcart',
    });
  });

  it('redirects a customer user before checking the /customer permission', () => {
    const handles: RouteHandle[] = [{ title: 'routes:customers', permission: 'ui-admininstrator' }];
    const decision = decideGuard(
      input({ user: customerUser, handles, url: '/customer', selectedCustomerId: 'cust-1' }),
    );
    expect(decision).toEqual({ kind: 'redirect', to: '/customer/cust-1' });
  });
});

describe('route metadata', () => {
  it('takes the deepest layout, title and auth rule, with defaults', () => {
    expect(resolveRoute([undefined, { title: 'routes:dashboard' }])).toEqual({
      layout: 'default',
      title: 'routes:dashboard',
      permissions: [],
      auth: 'required',
    });
    const resolved = resolveRoute([
      { title: 'routes:cart' },
      { title: 'routes:checkout', layout: 'no-sidebar', permission: 'can-edit' },
    ]);
    expect(resolved).toMatchObject({ layout: 'no-sidebar', title: 'routes:checkout' });
    expect(resolved.permissions).toEqual(['can-edit']);
  });
});
