/**
 * Route metadata (`handle`) and how the matched routes combine into one description of the
 * current screen: layout, title, permissions and who may open it.
 */
import type { Permission } from '../domain/rules/permissions';
import type { RouteTitleKey } from '../lib/i18n';

export type LayoutKind = 'default' | 'empty' | 'no-sidebar';
/** 'required': signed-in users only (the default); 'guest-only': signed-out users only. */
export type AuthRule = 'required' | 'guest-only' | 'public';
/** One permission, or a list of which any one suffices. */
export type PermissionRule = Permission | readonly Permission[];

export interface RouteHandle {
  layout?: LayoutKind;
  title: RouteTitleKey;
  permission?: PermissionRule;
  auth?: AuthRule;
}

export interface ResolvedRoute {
  layout: LayoutKind;
  title: RouteTitleKey | null;
  /** Every rule along the matched path must be met. */
  permissions: PermissionRule[];
  auth: AuthRule;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { title?: unknown }).title === 'string'
  );
}

/** Combines the handles of the matched routes, outermost first: the deepest value wins. */
export function resolveRoute(handles: readonly unknown[]): ResolvedRoute {
  const resolved: ResolvedRoute = {
    layout: 'default',
    title: null,
    permissions: [],
    auth: 'required',
  };
  for (const handle of handles) {
    if (!isRouteHandle(handle)) continue;
    resolved.title = handle.title;
    if (handle.layout) resolved.layout = handle.layout;
    if (handle.auth) resolved.auth = handle.auth;
    if (handle.permission) resolved.permissions.push(handle.permission);
  }
  return resolved;
}
