/**
 * Orders and their lines: the price inputs read once per transaction, a line's frozen price
 * fields, a new empty cart row, and what the shop API answers for a cart or an order (docs/api.md:
 * the order row, its company, its live lines, the derived pipe count and total — docs/sync.md:
 * derived, not stored).
 */
import { lineTotalCents, orderTotalCents } from '@domain/rules/prices';
import type { OrderState } from '@domain/schemas/enums';
import type { Order, OrderItem } from '@domain/schemas/order';
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

/** The fields of a state change: the new state and its step in the history. */
export const stateChange = (order: Order, state: OrderState, at: string) => ({
  state,
  stateHistory: [...order.stateHistory, { state, at }],
});

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
