/**
 * `/api/cms/{entity}/…` (docs/api.md): thin routing onto CmsService. Entity paths may contain a
 * slash (`machinepart/hosepipe`), so one wildcard route per method resolves the entity by the
 * registry and dispatches on the rest of the path.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { requireUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { cmsOperation } from './cms.operations';
import { CmsService, notFound } from './cms.service';
import { withIdempotency } from './idempotency';
import { entityByPath, type EntityDef } from './registry';

/** Extra handlers for tails the generic CRUD does not know (files): true when handled. */
export type TailHandler = (
  req: FastifyRequest,
  reply: FastifyReply,
  target: { def: EntityDef; tail: string[] },
) => Promise<boolean>;

export function cmsRoutes(
  app: FastifyInstance,
  deps: { db: Db; tailHandlers?: TailHandler[]; queryTimeoutMs?: number },
) {
  const service = new CmsService(deps.db, deps.queryTimeoutMs);
  const handler = async (req: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const user = requireUser(req);
    const target = entityByPath(req.params['*'] ?? '');
    if (!target) throw notFound();
    for (const h of deps.tailHandlers ?? []) if (await h(req, reply, target)) return reply;
    const op = cmsOperation(service, req.method, req.body, user, target.def, target.tail);
    if (!op) throw new HttpError(404, 'not_found', 'Page not found');
    // Rows of a customer: never kept by a browser, proxy or shared device cache.
    reply.header('cache-control', 'no-store');
    if (/^(read|query)$/.test(target.tail[0] ?? '')) {
      const { statusCode, body } = await op();
      return reply.code(statusCode).send(body);
    }
    const answer = await withIdempotency(deps.db.store, req, user.id, op);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/api/cms/*', handler });
  return service;
}
