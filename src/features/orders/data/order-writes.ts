/**
 * The orders feature's writes: shop calls queued through `mutate.command`, so they survive a
 * lost connection and are sent in order; the server's answer (the order with its lines) is
 * stored as the order row when it arrives. Refusals stay in the outbox and show on the order
 * and under Sync issues.
 */
import type { OrderLineKind, OrderState } from '@domain/schemas/enums';
import type { OrderSubmitBody } from '@domain/schemas/shop-requests';
import { mutate } from '@sync';
import { submitPath } from './order-queries';

const own = (orderId: string) => ({ recordId: orderId, entity: 'order' as const });

export function submitOrder(orderId: string, body: OrderSubmitBody) {
  return mutate.command('shop.submit', 'POST', submitPath(orderId), body, own(orderId));
}

export interface TransitionRequest {
  to?: OrderState;
  kind?: OrderLineKind;
  /** Lines to mark; left out: every line. */
  itemIds?: string[];
  /** Why (required to decline); part of the queued call, so it survives being offline. */
  reason?: string;
}

export function transitionOrder(orderId: string, request: TransitionRequest) {
  return mutate.command(
    'shop.order.transition',
    'POST',
    `/shop/order/${orderId}/transition`,
    request,
    own(orderId),
  );
}

export function updateShipping(
  orderId: string,
  patch: { trackingLink?: string | null; deliveryNoteFileId?: string },
) {
  return mutate.command('shop.order.shipping', 'PATCH', `/shop/order/${orderId}`, patch, own(orderId));
}
