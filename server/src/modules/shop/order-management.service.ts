/**
 * Orders after submit (docs/architecture.md): staff with admin-shop release or decline pending orders,
 * mark lines ORDER or WORKSHOP, move them on and add shipping data; a customer may only
 * withdraw their own pending order. rules/order-states decides every change; anything it
 * refuses is 409 'invalid_transition'. Declining needs a reason (400 'reason_required'); every
 * state change is written to the order event log with who took it (order-lines stateChange).
 */
import {
  availableTransitions,
  canAttachShipping,
  canMarkLines,
  MARK_REFUSAL,
  reasonIssue,
  SHIPPING_REFUSAL,
  targetAfterMarking,
  transitionRefusal,
} from '@domain/rules/order-states';
import { isCustomerUser } from '@domain/rules/permissions';
import type { StoreKysely } from '@server/cms/rows';
import { HttpError, parseOr400 } from '@server/plugins/errors';
import type { AuthUser } from '@server/plugins/auth';
import { orderView, orderViews, stateChange, type OrderView } from './order-lines';
import { findForUser, findOrders, inTransaction, listBy, updateRow } from './shop.repository';
import {
  invalidTransition,
  notFound,
  orderListQuerySchema,
  orderShippingBodySchema,
  orderTransitionBodySchema,
  statesOf,
} from './shop.schemas';
import { actorOf, customerOf } from './shop.service';

/**
 * A delivery note must name a live file uploaded to this very order (the upload endpoint
 * checks type and access); anything else would show a download that fails.
 */
async function assertOrderFile(db: StoreKysely, orderId: string, fileId: string) {
  const file = await db
    .selectFrom('file')
    .select(['id'])
    .where('id', '=', fileId)
    .where('entity', '=', 'order')
    .where('entityId', '=', orderId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!file) {
    throw new HttpError(400, 'validation', 'orders:deliveryNoteUnknown', 'deliveryNoteFileId');
  }
}

const forbidden = () => new HttpError(403, 'forbidden', 'admin-shop permission required');

export async function transitionOrder(
  db: StoreKysely,
  user: AuthUser,
  orderId: string,
  body: unknown,
): Promise<OrderView> {
  return inTransaction(db, async (trx) => {
    let order = await findForUser(trx, user, 'order', orderId);
    if (!order) throw notFound('order');
    const req = parseOr400(orderTransitionBodySchema, body);
    const actor = actorOf(user);
    // Customers may only withdraw (cancel); everything else is management.
    if (actor.isCustomer ? req.kind !== undefined || req.to !== 'CANCELED' : !actor.canManageShop) {
      throw forbidden();
    }
    const now = new Date().toISOString();
    let items = await listBy(trx, 'orderItem', 'orderId', [order.id]);
    if (req.kind) {
      if (!canMarkLines(order.state)) throw invalidTransition(MARK_REFUSAL);
      const ids = req.itemIds ?? items.map((i) => i.id);
      const unknown = ids.find((id) => !items.some((i) => i.id === id));
      if (unknown) throw new HttpError(400, 'validation', 'validation:format', 'itemIds');
      const marked = [];
      for (const i of items) {
        const change = ids.includes(i.id) && i.kind !== req.kind;
        marked.push(change ? await updateRow(trx, 'orderItem', i, { kind: req.kind }, now) : i);
      }
      items = marked;
    }
    const context = { lineKinds: items.map((i) => i.kind) };
    // Marking the last unmarked line moves the order on (docs/architecture.md: READY → ORDER/WORKSHOP
    // when every line is marked), so a device with stale lines never has to name the target.
    const to =
      req.to ?? (req.kind ? (targetAfterMarking(context.lineKinds) ?? undefined) : undefined);
    if (to) {
      // Submitting has its own endpoint (addresses, terms); it is never a management step.
      const step = availableTransitions(order.state, actor, context).find(
        (t) => t.to === to && t.action !== 'submit',
      );
      if (!step) throw invalidTransition(transitionRefusal(order.state, to, actor, context));
      const missing = reasonIssue(step.action, req.reason);
      if (missing) throw new HttpError(400, 'reason_required', missing, 'reason');
      const by = { action: step.action, user, reason: req.reason };
      const fields = await stateChange(trx, order, step.to, by, now);
      order = await updateRow(trx, 'order', order, fields, now);
    }
    return orderView(trx, order);
  });
}

/** Tracking link and delivery note, from ORDERED/WORKSHOP on (docs/architecture.md). */
export async function updateShipping(
  db: StoreKysely,
  user: AuthUser,
  orderId: string,
  body: unknown,
): Promise<OrderView> {
  return inTransaction(db, async (trx) => {
    const order = await findForUser(trx, user, 'order', orderId);
    if (!order) throw notFound('order');
    if (!actorOf(user).canManageShop || isCustomerUser(user)) throw forbidden();
    const patch = parseOr400(orderShippingBodySchema, body);
    if (!canAttachShipping(order.state)) throw invalidTransition(SHIPPING_REFUSAL);
    if (patch.deliveryNoteFileId) await assertOrderFile(trx, order.id, patch.deliveryNoteFileId);
    const updated = await updateRow(trx, 'order', order, patch, new Date().toISOString());
    return orderView(trx, updated);
  });
}

/** Submitted orders in scope: open (in progress) or complete (final), newest first. */
export async function listOrders(db: StoreKysely, user: AuthUser, query: unknown) {
  const q = parseOr400(orderListQuerySchema, query);
  const companyId = await customerOf(db, user, q.customer);
  return orderViews(db, await findOrders(db, statesOf(q.state), companyId));
}
