/**
 * The order buttons the app puts into the hose and DGUV screens (components/order-slot). Their
 * code (cart, sync writes) loads with the first screen that shows them, not with the app's
 * first paint (issue #17).
 */
import { createElement, lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { OrderSlot } from '../../components/order-slot';

const LazyReplace = lazy(() =>
  import('./replace-button').then((m) => ({ default: m.ReplaceButton })),
);
const LazyBulk = lazy(() =>
  import('./bulk-order-button').then((m) => ({ default: m.BulkOrderButton })),
);

/** A lazy button in its own Suspense boundary: nothing shows until its code is there. */
function deferred<P extends object>(Lazy: ComponentType<P>): ComponentType<P> {
  return (props: P) => createElement(Suspense, { fallback: null }, createElement(Lazy, props));
}

export const shopOrderSlot: OrderSlot = {
  ReplaceButton: deferred<ComponentProps<OrderSlot['ReplaceButton']>>(LazyReplace),
  BulkButton: deferred<ComponentProps<OrderSlot['BulkButton']>>(LazyBulk),
};
