/**
 * `/api/cms/{entity}/…` (SPEC §7): thin routing onto CmsService. Entity paths may contain a
 * slash (`machinepart/hosepipe`), so one wildcard route per method resolves the entity by the
 * registry and dispatches on the rest of the path.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  createBodySchema,
  queryBodySchema,
  readBodySchema,
  updateBodySchema,
} from '../../../src/domain/contract';
import type { Db } from '../db/database';
import type { CmsDb } from '../db/schema';
import { requireUser, type AuthUser } from '../plugins/auth';
import { HttpError, parseOr400 } from '../plugins/errors';
import { CmsService, notFound } from './cms.service';
import { withIdempotency } from './idempotency';
import { entityByPath, type EntityDef } from './registry';
import type { CmsKysely } from './rows';

/** Extra handlers for tails the generic CRUD does not know (files): true when handled. */
export type TailHandler = (
  req: FastifyRequest,
  reply: FastifyReply,
  target: { def: EntityDef; tail: string[] },
) => Promise<boolean>;

export type Op = (tx?: CmsKysely) => Promise<{ statusCode: number; body: unknown }>;

/** The CRUD call a method and path tail name, or null; shared with the sync push. */
export function cmsOperation(
  service: CmsService,
  m: string,
  rawBody: unknown,
  user: AuthUser,
  def: EntityDef,
  tail: string[],
): Op | null {
  const [verb, id, ...more] = tail;
  if (more.length > 0) return null;
  const body = rawBody ?? {};
  if (m === 'POST' && verb === 'create' && !id) {
    const b = parseOr400(createBodySchema, body);
    return async (tx) => ({
      statusCode: 201,
      body: await service.create(user, def, b.data, b.response, tx),
    });
  }
  if (m === 'POST' && verb === 'read') {
    const b = parseOr400(readBodySchema, body);
    return async () => ({
      statusCode: 200,
      body: id
        ? await service.read(user, def, id, b.response)
        : await service.readSingleton(user, def, b.response),
    });
  }
  if ((m === 'PUT' && verb === 'update' && id) || (m === 'PATCH' && verb === 'update')) {
    const b = parseOr400(updateBodySchema, body);
    const opts = { partial: m === 'PATCH', baseVersion: b.baseVersion, response: b.response };
    return async (tx) => ({
      statusCode: 200,
      body: await service.update(user, def, id ?? null, b.data, opts, tx),
    });
  }
  if (m === 'DELETE' && verb === 'delete' && id) {
    return async (tx) => ({ statusCode: 200, body: await service.remove(user, def, id, tx) });
  }
  if (m === 'POST' && verb === 'query' && !id) {
    const b = parseOr400(queryBodySchema, body);
    return async () => ({ statusCode: 200, body: await service.query(user, def, b) });
  }
  return null;
}

export function cmsRoutes(app: FastifyInstance, deps: { db: Db; tailHandlers?: TailHandler[] }) {
  const service = new CmsService(deps.db);
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
    const answer = await withIdempotency(
      deps.db.kysely as unknown as Kysely<CmsDb>,
      req,
      user.id,
      op,
    );
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/api/cms/*', handler });
  return service;
}
