/**
 * Route guard decisions as pure functions (docs/architecture.md, docs/api.md, docs/operations.md), so every rule is unit-tested and
 * the components only carry them out.
 */
import { hasPermission, isCustomerUser } from '../domain/rules/permissions';
import type { PermissionSubject } from '../domain/rules/permissions';
import { CALLBACK_PATH, safeRedirect, type AuthStatus } from '../lib/auth';
import type { PermissionRule, ResolvedRoute } from './route-handle';

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface GuardInput {
  status: AuthStatus;
  user: PermissionSubject | null;
  location: GuardLocation;
  route: ResolvedRoute;
  selectedCustomerId: string | null;
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string }
  /** Signed in on a guest-only page: continue at the remembered path, else `fallback`. */
  | { kind: 'leave-guest-page'; fallback: string }
  | { kind: 'forbidden' }
  | { kind: 'render' };

/** Path segments under /customer that are screens, not customer ids. */
const CUSTOMER_SCREENS = new Set(['create', 'select']);

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The login page with the full requested path (path, query, hash) in `redirect`. */
export function loginPath(location: GuardLocation): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  return `${CALLBACK_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** Where to go after sign-in: the path remembered before sign-in, else a safe `redirect`. */
export function postLoginTarget(remembered: string | null, redirectParam: string | null): string {
  return remembered !== null ? safeRedirect(remembered) : safeRedirect(redirectParam);
}

export function redirectParam(search: string): string | null {
  return new URLSearchParams(search).get('redirect');
}

export function meetsPermissions(
  user: PermissionSubject | null,
  rules: readonly PermissionRule[],
): boolean {
  return rules.every((rule) =>
    typeof rule === 'string'
      ? hasPermission(user, rule)
      : rule.some((permission) => hasPermission(user, permission)),
  );
}

/** docs/architecture.md redirects that need no domain data; null when the path stays. */
export function appRedirect(
  pathname: string,
  ctx: { user: PermissionSubject; selectedCustomerId: string | null },
): string | null {
  const path = normalisePath(pathname);
  const selected = ctx.selectedCustomerId ? encodeURIComponent(ctx.selectedCustomerId) : null;
  if (path === '/cart/checkout') return '/cart';
  if (path === '/cart' && selected) return `/customer/${selected}/cart`;
  if (path === '/customer' && selected) return `/customer/${selected}`;
  const match = /^\/customer\/([^/]+)/.exec(path);
  const segment = match?.[1];
  if (segment && !CUSTOMER_SCREENS.has(segment) && isCustomerUser(ctx.user)) {
    const own = ctx.user.customer ?? '';
    if (decodeURIComponent(segment) !== own) return `/customer/${encodeURIComponent(own)}`;
  }
  return null;
}

export function decideGuard(input: GuardInput): GuardDecision {
  const { status, user, location, route } = input;
  if (status === 'loading') {
    // The login page shows its own progress and must not be unmounted while sign-in starts.
    return route.auth === 'guest-only' ? { kind: 'render' } : { kind: 'loading' };
  }
  const signedIn = status === 'authenticated' && user !== null;
  if (route.auth === 'guest-only') {
    return signedIn
      ? { kind: 'leave-guest-page', fallback: safeRedirect(redirectParam(location.search)) }
      : { kind: 'render' };
  }
  if (!signedIn) {
    return route.auth === 'public'
      ? { kind: 'render' }
      : { kind: 'redirect', to: loginPath(location) };
  }
  const to = appRedirect(location.pathname, { user, selectedCustomerId: input.selectedCustomerId });
  if (to !== null) return { kind: 'redirect', to };
  if (!meetsPermissions(user, route.permissions)) return { kind: 'forbidden' };
  return { kind: 'render' };
}
