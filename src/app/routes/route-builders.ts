/**
 * Small builders for the route table: every screen is lazy (its code loads with the route, so
 * the first screen's bundle stays small) and carries typed metadata.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';

export type LazyScreen = () => Promise<{ Component: ComponentType }>;

export function screen(path: string, handle: RouteHandle, lazy: LazyScreen): RouteObject {
  return { path, handle, lazy };
}

export function indexScreen(handle: RouteHandle, lazy: LazyScreen): RouteObject {
  return { index: true, handle, lazy };
}

/** An index route that only forwards (e.g. /cart/checkout → /cart, docs/architecture.md). */
export function indexRedirect(handle: RouteHandle, to: string): RouteObject {
  return { index: true, handle, loader: () => redirect(to) };
}

/** A path segment grouping child routes under shared metadata (permission, title). */
export function group(
  path: string,
  handle: RouteHandle | undefined,
  children: RouteObject[],
): RouteObject {
  return handle ? { path, handle, children } : { path, children };
}

/**
 * A lazy screen from a feature's `screens` module: `fromModule(() => import(...), 'Name')`,
 * optionally with fixed props (the part kind, the document tab).
 */
export function fromModule<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  props?: M[K] extends ComponentType<infer P> ? P : never,
): LazyScreen {
  return () =>
    load().then((m) => {
      const Screen = m[name] as ComponentType<object>;
      return { Component: props ? () => createElement(Screen, props) : Screen };
    });
}

/**
 * A screen that shows another feature's list in its `reports` slot (a machine's DGUV,
 * inspection and maintenance document tabs list that feature's reports above the uploads).
 * Features never import each other; the route composes them.
 */
export function withReports<M, K extends keyof M, R, L extends keyof R>(
  load: () => Promise<M>,
  name: K,
  props: M[K] extends ComponentType<infer P> ? Omit<P, 'reports'> : never,
  loadReports: () => Promise<R>,
  listName: L,
): LazyScreen {
  return () =>
    Promise.all([load(), loadReports()]).then(([m, r]) => {
      const Screen = m[name] as ComponentType<{ reports?: ReactNode }>;
      const List = r[listName] as ComponentType;
      return {
        Component: () => createElement(Screen, { ...props, reports: createElement(List) }),
      };
    });
}
