/**
 * The cart (docs/api.md): one order in state NEW per customer and location. Adding, changing
 * and removing lines, and submitting it (rules/order-states). Each write is one transaction;
 * line prices are computed by rules/prices when a line is added or changed and stay frozen.
 */
import {
  canEditLines,
  canTransition,
  submitTarget,
  transitionRefusal,
} from '@domain/rules/order-states';
import { hasPermission, isCustomerUser } from '@domain/rules/permissions';
import { lineTotalCents } from '@domain/rules/prices';
import type { Order, OrderItem } from '@domain/schemas/order';
import {
  CART_QUANTITY_MAX,
  cartAddBodySchema,
  cartItemPatchSchema,
  orderSubmitBodySchema,
} from '@domain/schemas/shop-requests';
import type { StoreKysely } from '@server/cms/rows';
import { HttpError, parseOr400 } from '@server/plugins/errors';
import type { AuthUser } from '@server/plugins/auth';
import { cartFor, newLineId } from './cart-rows';
import {
  linePrice,
  loadPricing,
  stateChange,
  orderView,
  orderViews,
  type OrderView,
} from './order-lines';
import {
  findCarts,
  findForUser,
  inTransaction,
  insertRow,
  listBy,
  updateRow,
} from './shop.repository';
import { cartQuerySchema, invalidTransition, notFound } from './shop.schemas';

export const actorOf = (user: AuthUser) => ({
  isCustomer: isCustomerUser(user),
  canManageShop: hasPermission(user, 'admin-shop'),
});

/** Customer users shop for their own company; staff must name the customer (docs/api.md). */
export async function customerOf(
  db: StoreKysely,
  user: AuthUser,
  requested: string | undefined,
): Promise<string | null> {
  if (isCustomerUser(user)) {
    if (requested && requested !== user.customer) throw notFound('customer');
    return user.customer;
  }
  if (!requested) return null;
  if (!(await findForUser(db, user, 'company', requested))) throw notFound('customer');
  return requested;
}

export async function getCarts(db: StoreKysely, user: AuthUser, query: unknown) {
  const q = parseOr400(cartQuerySchema, query);
  const companyId = await customerOf(db, user, q.customer);
  if (!companyId) throw new HttpError(400, 'validation', 'validation:required', 'customer');
  return orderViews(db, await findCarts(db, companyId, q.location ?? null));
}

export async function addToCart(db: StoreKysely, user: AuthUser, body: unknown) {
  const lines = parseOr400(cartAddBodySchema, body);
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const pricing = await loadPricing(trx);
    const touched = new Map<string, Order>();
    for (const [i, line] of lines.entries()) {
      const pipe = await findForUser(trx, user, 'pipe', line.pipeId);
      if (!pipe) throw new HttpError(404, 'not_found', 'pipe not found', `${i}.pipeId`);
      const location = await findForUser(trx, user, 'location', line.locationId);
      if (location?.companyId !== pipe.companyId) {
        throw new HttpError(404, 'not_found', 'location not found', `${i}.locationId`);
      }
      const cart = await cartFor(trx, pipe.companyId, location.id, now, line.orderId);
      touched.set(cart.id, cart);
      const existing = (await listBy(trx, 'orderItem', 'orderId', [cart.id])).find(
        (item) => item.pipeId === pipe.id,
      );
      const quantity = (existing?.quantity ?? 0) + line.quantity;
      // Adding the same hose again may not take its line past what a human could mean.
      if (quantity > CART_QUANTITY_MAX)
        throw new HttpError(400, 'validation', 'validation:max', `${i}.quantity`);
      const price = linePrice(pipe, pricing, quantity);
      if (existing) await updateRow(trx, 'orderItem', existing, { quantity, ...price }, now);
      else {
        await insertRow(trx, 'orderItem', {
          id: await newLineId(trx, line.id, `${i}.id`, pipe.companyId),
          version: 1,
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
          companyId: pipe.companyId,
          orderId: cart.id,
          pipeId: pipe.id,
          quantity,
          kind: null,
          replacesPipeId: null,
          installedPipeId: null,
          ...price,
        });
      }
    }
    return orderViews(trx, [...touched.values()]);
  });
}

/** A line of a cart the user may change, with its order; submitted orders are refused. */
async function editableLine(db: StoreKysely, user: AuthUser, itemId: string) {
  const item = await findForUser(db, user, 'orderItem', itemId);
  const order = item && (await findForUser(db, user, 'order', item.orderId));
  if (!item || !order) throw notFound('item');
  if (!canEditLines(order.state)) {
    throw new HttpError(409, 'order_not_editable', 'only the lines of a cart can change');
  }
  return { item, order };
}

export async function patchItem(db: StoreKysely, user: AuthUser, itemId: string, body: unknown) {
  const { quantity } = parseOr400(cartItemPatchSchema, body);
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const { item, order } = await editableLine(trx, user, itemId);
    const pipe = await findForUser(trx, user, 'pipe', item.pipeId);
    const price: Partial<OrderItem> = pipe
      ? linePrice(pipe, await loadPricing(trx), quantity)
      : { totalNetCents: lineTotalCents(item.unitNetCents, quantity) };
    await updateRow(trx, 'orderItem', item, { quantity, ...price }, now);
    return orderView(trx, order);
  });
}

export async function deleteItem(db: StoreKysely, user: AuthUser, itemId: string) {
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const { item, order } = await editableLine(trx, user, itemId);
    await updateRow(trx, 'orderItem', item, { deletedAt: now }, now);
    return orderView(trx, order);
  });
}

/** A location or contact chosen on submit must belong to the order's customer. */
async function ownedBy(
  db: StoreKysely,
  user: AuthUser,
  name: 'location' | 'contact',
  id: string,
  companyId: string,
  field: string,
) {
  const row = await findForUser(db, user, name, id);
  if (row?.companyId !== companyId) {
    throw new HttpError(400, 'validation', 'validation:format', field);
  }
}

export async function submitOrder(
  db: StoreKysely,
  user: AuthUser,
  orderId: string,
  body: unknown,
): Promise<OrderView> {
  return inTransaction(db, async (trx) => {
    const order = await findForUser(trx, user, 'order', orderId);
    if (!order) throw notFound('order');
    const data = parseOr400(orderSubmitBodySchema, body);
    const actor = actorOf(user);
    const to = submitTarget(actor);
    if (!canTransition(order.state, to, actor)) {
      throw invalidTransition(transitionRefusal(order.state, to, actor));
    }
    if ((await listBy(trx, 'orderItem', 'orderId', [order.id])).length === 0) {
      throw new HttpError(400, 'validation', 'shop:emptyCart', 'items');
    }
    const c = order.companyId;
    await ownedBy(trx, user, 'location', data.deliveryAddressId, c, 'deliveryAddressId');
    await ownedBy(trx, user, 'location', data.invoiceAddressId, c, 'invoiceAddressId');
    await ownedBy(trx, user, 'contact', data.contactId, c, 'contactId');
    const now = new Date().toISOString();
    const submitted = await updateRow(
      trx,
      'order',
      order,
      {
        ...data,
        ...(await stateChange(trx, order, to, { action: 'submit', user }, now)),
        submittedAt: now,
      },
      now,
    );
    return orderView(trx, submitted);
  });
}
