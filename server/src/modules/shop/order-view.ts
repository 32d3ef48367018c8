/**
 * What the shop API answers for a cart or an order (SPEC §3): the order row, its company, its
 * live lines, and the derived pipe count and total (DESIGN §3: derived, not stored).
 */
import { orderTotalCents } from '../../../../src/domain/rules/prices';
import type { Order, OrderItem } from '../../../../src/domain/schemas/order';
import type { CmsKysely } from '../../cms/rows';
import { listBy } from './shop.repository';

export interface OrderView extends Order {
  company: { id: string; name: string };
  items: OrderItem[];
  /** Hose assemblies in the order: the sum of the line quantities. */
  pipeCount: number;
  totalNetCents: number;
}

export async function orderViews(db: CmsKysely, orders: readonly Order[]): Promise<OrderView[]> {
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

export async function orderView(db: CmsKysely, order: Order): Promise<OrderView> {
  const [view] = await orderViews(db, [order]);
  if (!view) throw new Error('order view missing');
  return view;
}
