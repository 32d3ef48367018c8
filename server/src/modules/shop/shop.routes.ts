/**
 * The shop API of SPEC §7 under /api/shop (bearer token checked by the auth plugin): DGUV
 * stats, the cart and its submit, and order management. Thin: parse the path, call a service.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { requireUser } from '../../plugins/auth';
import { dguvStats, STATS_SCOPES, type StatsScope } from './dguv-stats';
import { listOrders, transitionOrder, updateShipping } from './order-management.service';
import { cms } from './shop.repository';
import { notFound, pathId } from './shop.schemas';
import { addToCart, deleteItem, getCarts, patchItem, submitOrder } from './shop.service';

const BASE = '/api/shop';

type WithId = { Params: { id: string } };

/** Carts, orders and stats are per user and change often: never cached. */
async function noStore(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

export function shopRoutes(app: FastifyInstance, deps: { db: Db }) {
  const db = cms(deps.db);
  const o = { onSend: noStore };

  app.get<{ Params: { scope: string; id: string } }>(
    `${BASE}/dguv-stats/:scope/:id`,
    o,
    async (req) => {
      const scope = req.params.scope as StatsScope;
      if (!STATS_SCOPES.includes(scope)) throw notFound('scope');
      return dguvStats(db, requireUser(req), scope, pathId(req.params.id, scope));
    },
  );

  // SPEC §7 names the cart `/`; the base without the slash answers the same.
  for (const url of [BASE, `${BASE}/`]) {
    app.get(url, o, async (req) => getCarts(db, requireUser(req), req.query));
    app.post(url, o, async (req) => addToCart(db, requireUser(req), req.body));
  }
  app.patch<WithId>(`${BASE}/item/:id`, o, async (req) =>
    patchItem(db, requireUser(req), pathId(req.params.id, 'item'), req.body),
  );
  app.delete<WithId>(`${BASE}/item/:id`, o, async (req) =>
    deleteItem(db, requireUser(req), pathId(req.params.id, 'item')),
  );
  app.post<WithId>(`${BASE}/submit/:id`, o, async (req) =>
    submitOrder(db, requireUser(req), pathId(req.params.id, 'order'), req.body),
  );

  app.get(`${BASE}/orders`, o, async (req) => listOrders(db, requireUser(req), req.query));
  app.post<WithId>(`${BASE}/order/:id/transition`, o, async (req) =>
    transitionOrder(db, requireUser(req), pathId(req.params.id, 'order'), req.body),
  );
  app.patch<WithId>(`${BASE}/order/:id`, o, async (req) =>
    updateShipping(db, requireUser(req), pathId(req.params.id, 'order'), req.body),
  );
}
