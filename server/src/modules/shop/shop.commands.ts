/**
 * The shop's write calls as one table (method, path under /api, service call), used by the
 * HTTP routes (with Idempotency-Key) and by the sync push, so a replayed outbox entry runs
 * exactly the code of its endpoint.
 */
import type { AuthUser } from '@server/plugins/auth';
import type { StoreKysely } from '@server/cms/rows';
import { addConfiguredHose } from './configured-hose.service';
import { transitionOrder, updateShipping } from './order-management.service';
import { pathId } from './shop.schemas';
import { addToCart, deleteItem, patchItem, submitOrder } from './shop.service';

export interface ShopCommand {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** Fastify route path under /api/shop. */
  route: string;
  /** The same path as a pattern over `/shop/…` (the sync push's form). */
  pattern: RegExp;
  run: (db: StoreKysely, user: AuthUser, id: string | undefined, body: unknown) => Promise<unknown>;
}

const ID = '([0-9a-fA-F-]{36})';

export const SHOP_COMMANDS: ShopCommand[] = [
  {
    method: 'POST',
    route: '/',
    pattern: /^\/shop\/?$/,
    run: (db, u, _id, b) => addToCart(db, u, b),
  },
  {
    method: 'POST',
    route: '/configured',
    pattern: /^\/shop\/configured$/,
    run: (db, u, _id, b) => addConfiguredHose(db, u, b),
  },
  {
    method: 'PATCH',
    route: '/item/:id',
    pattern: new RegExp(`^/shop/item/${ID}$`),
    run: (db, u, id, b) => patchItem(db, u, pathId(id ?? '', 'item'), b),
  },
  {
    method: 'DELETE',
    route: '/item/:id',
    pattern: new RegExp(`^/shop/item/${ID}$`),
    run: (db, u, id) => deleteItem(db, u, pathId(id ?? '', 'item')),
  },
  {
    method: 'POST',
    route: '/submit/:id',
    pattern: new RegExp(`^/shop/submit/${ID}$`),
    run: (db, u, id, b) => submitOrder(db, u, pathId(id ?? '', 'order'), b),
  },
  {
    method: 'POST',
    route: '/order/:id/transition',
    pattern: new RegExp(`^/shop/order/${ID}/transition$`),
    run: (db, u, id, b) => transitionOrder(db, u, pathId(id ?? '', 'order'), b),
  },
  {
    method: 'PATCH',
    route: '/order/:id',
    pattern: new RegExp(`^/shop/order/${ID}$`),
    run: (db, u, id, b) => updateShipping(db, u, pathId(id ?? '', 'order'), b),
  },
];

export function findShopCommand(
  method: string,
  path: string,
): { command: ShopCommand; id: string | undefined } | null {
  for (const command of SHOP_COMMANDS) {
    if (command.method !== method) continue;
    const m = command.pattern.exec(path);
    if (m) return { command, id: m[1] };
  }
  return null;
}
