/**
 * Orders and their lines: the price inputs read once per transaction, a line's frozen price
 * fields, a new empty cart row, and what the shop API answers for a cart or an order (docs/api.md:
 * the order row, its company, its live lines, the derived pipe count and total — docs/sync.md:
 * derived, not stored).
 */
import { lineTotalCents, orderTotalCents } from '@domain/rules/prices';
import { uuidv7 } from '@domain/ids';
import type { OrderAction, OrderState } from '@domain/schemas/enums';
import type { Order, OrderItem, OrderStateStep } from '@domain/schemas/order';
import type { SessionUser } from '@domain/schemas/session';
import type { Pipe } from '@domain/schemas/pipe';
import type { Product } from '@domain/schemas/product';
import type { StoreKysely } from '@server/cms/rows';
import { pricePipe } from './pricing';
import { activeProducts, companySettings, listBy } from './shop.repository';

export interface Pricing {
  products: Product[];
  assemblySurchargeCents: number;
}

export async function loadPricing(db: StoreKysely): Promise<Pricing> {
  const [products, settings] = await Promise.all([activeProducts(db), companySettings(db)]);
  return { products, assemblySurchargeCents: settings?.assemblySurchargeCents ?? 0 };
}

export type LinePrice = Pick<
  OrderItem,
  'name' | 'unitNetCents' | 'assemblySurchargeCents' | 'totalNetCents'
>;

/** The price fields of a line of `quantity` assemblies of `pipe` (throws the 422). */
export function linePrice(pipe: Pipe, pricing: Pricing, quantity: number): LinePrice {
  const price = pricePipe(pipe, pricing.products, pricing.assemblySurchargeCents);
  return {
    name: price.name,
    unitNetCents: price.unitNetCents,
    assemblySurchargeCents: price.assemblySurchargeCents,
    totalNetCents: lineTotalCents(price.unitNetCents, quantity),
  };
}

/** Who changes an order's state, with which step and why (the reason is required to decline). */
export interface StateChangeBy {
  action: OrderAction;
  user: Pick<SessionUser, 'id' | 'name' | 'username'>;
  reason?: string | null;
}

/**
 * A state change of `order` to `state`: writes its event to the order event log (docs/api.md
 * "Order history") and answers the order's fields — the new state and the same step appended to
 * its history, which syncs to the devices with the order. The caller writes the fields in the
 * same transaction, so the event and the change land together or not at all.
 */
export async function stateChange(
  db: StoreKysely,
  order: Order,
  state: OrderState,
  by: StateChangeBy,
  at: string,
) {
  const reason = by.reason?.trim() || null;
  const userName = by.user.name.trim() || by.user.username;
  await db
    .insertInto('orderEvent')
    .values({
      id: uuidv7(),
      orderId: order.id,
      action: by.action,
      fromState: order.state,
      toState: state,
      userId: by.user.id,
      userName,
      reason,
      at,
    })
    .execute();
  const step: OrderStateStep = {
    state,
    at,
    action: by.action,
    from: order.state,
    userId: by.user.id,
    userName,
    reason,
  };
  return { state, stateHistory: [...order.stateHistory, step] };
}

export interface OrderView extends Order {
  company: { id: string; name: string };
  items: OrderItem[];
  /** Hose assemblies in the order: the sum of the line quantities. */
  pipeCount: number;
  totalNetCents: number;
}

export async function orderViews(db: StoreKysely, orders: readonly Order[]): Promise<OrderView[]> {
  const items = await listBy(
    db,
    'orderItem',
    'orderId',
    orders.map((o) => o.id),
  );
  const companyIds = [...new Set(orders.map((o) => o.companyId))];
  const companies = new Map(
    (await listBy(db, 'company', 'id', companyIds)).map((c) => [c.id, c.name]),
  );
  return orders.map((order) => {
    const lines = items.filter((i) => i.orderId === order.id);
    return {
      ...order,
      company: { id: order.companyId, name: companies.get(order.companyId) ?? '' },
      items: lines,
      pipeCount: lines.reduce((n, l) => n + l.quantity, 0),
      totalNetCents: orderTotalCents(lines),
    };
  });
}

export async function orderView(db: StoreKysely, order: Order): Promise<OrderView> {
  const [view] = await orderViews(db, [order]);
  if (!view) throw new Error('order view missing');
  return view;
}
