/**
 * The shop API of docs/api.md under /api/shop (bearer token checked by the auth plugin): DGUV
 * stats, the cart and its submit, and order management. Thin: parse the path, call a service.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@server/db/database';
import { requireUser } from '@server/plugins/auth';
import { dguvStats, STATS_SCOPES, type StatsScope } from './dguv-stats';
import { listOrders } from './order-management.service';
import { cms } from './shop.repository';
import { notFound, pathId } from './shop.schemas';
import { getCarts } from './shop.service';
import { SHOP_COMMANDS } from './shop.commands';
import { withIdempotency } from '@server/cms/idempotency';

const BASE = '/api/shop';

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

  // docs/api.md names the cart `/`; the base without the slash answers the same.
  for (const url of [BASE, `${BASE}/`]) {
    app.get(url, o, async (req) => getCarts(db, requireUser(req), req.query));
  }
  for (const command of SHOP_COMMANDS) {
    const urls = command.route === '/' ? [BASE, `${BASE}/`] : [`${BASE}${command.route}`];
    for (const url of urls) {
      app.route<{ Params: { id?: string } }>({
        method: command.method,
        url,
        onSend: noStore,
        handler: async (req, reply) => {
          const user = requireUser(req);
          const answer = await withIdempotency(db, req, user.id, async (tx) => ({
            statusCode: 200,
            body: await command.run(tx ?? db, user, req.params.id, req.body),
          }));
          if (answer.replayed) reply.header('idempotent-replayed', 'true');
          return reply.code(answer.statusCode).send(answer.body);
        },
      });
    }
  }

  app.get(`${BASE}/orders`, o, async (req) => listOrders(db, requireUser(req), req.query));
}
