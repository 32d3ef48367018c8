/**
 * The order buttons the app puts into the hose and DGUV screens (components/order-slot). Their
 * code (cart, sync writes) loads with the first screen that shows them, not with the app's
 * first paint.
 */
import {
  createElement,
  lazy,
  Suspense,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { OrderSlot } from '@components/order-slot';
import { BulkOrderTrigger, bulkOrderShows } from './bulk-order-trigger';

const LazyReplace = lazy(() =>
  import('./replace-button').then((m) => ({ default: m.ReplaceButton })),
);
const LazyBulk = lazy(() =>
  import('./bulk-order-button').then((m) => ({ default: m.BulkOrderButton })),
);

type BulkProps = ComponentProps<OrderSlot['BulkButton']>;

/**
 * A lazy button in its own Suspense boundary; until its code is there, `fallback` (the
 * button's disabled stand-in where the button will show, so nothing moves) or nothing.
 */
function deferred<P extends object>(
  Lazy: ComponentType<P>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  return (props: P) =>
    createElement(Suspense, { fallback: fallback(props) }, createElement(Lazy, props));
}

/** The full-size replace button's height (replace-button.tsx `mih`). */
const REPLACE_HEIGHT = 44;

export const shopOrderSlot: OrderSlot = {
  // In a card, the button's height is kept free until its code is there: the card does not
  // grow (and the virtual list re-measure it) when it arrives. A table line has one height.
  ReplaceButton: deferred<ComponentProps<OrderSlot['ReplaceButton']>>(LazyReplace, ({ compact }) =>
    compact ? null : createElement('div', { style: { minHeight: REPLACE_HEIGHT } }),
  ),
  BulkButton: deferred<BulkProps>(LazyBulk, (props) =>
    bulkOrderShows(props) ? createElement(BulkOrderTrigger) : null,
  ),
};
