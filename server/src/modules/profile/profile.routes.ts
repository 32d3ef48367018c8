/**
 * docs/api.md: `GET /profile/?page&limit[&search]`, `POST /profile/`, `PUT /profile/` under /api/cms,
 * plus `DELETE /profile/{id}` (deactivate), `POST /profile/{id}/reactivate` and `?deactivated=1`
 * (deactivated users listed too) — static routes, so they win over the generic CMS
 * wildcard (with and without the trailing slash).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthConfig } from '@server/config';
import type { Database } from '@server/db/schema';
import { HttpError } from '@server/plugins/errors';
import { requireUser } from '@server/plugins/auth';
import { UNLIMITED } from '@domain/contract';
import { brandingRoutes } from './branding.routes';
import { listProfiles } from './profile.repository';
import type { IdentityProvider } from '@domain/schemas/admin';
import {
  changeProfile,
  createProfile,
  deleteProfile,
  reactivateUser,
  isAdmin,
  managedElsewhere,
  profileView,
} from './profile.service';

export const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

function intParam(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new HttpError(400, 'validation', 'validation:integer', name);
  return n;
}

/** A list's query string: paging, and the profile list's own filters. */
interface ListQuery {
  page?: unknown;
  limit?: unknown;
  self?: unknown;
  search?: unknown;
  deactivated?: unknown;
}

/** `page` counts from 1; `limit` defaults to 50, -1 means every row (docs/api.md). */
export function parsePaging(query: Pick<ListQuery, 'page' | 'limit'>) {
  const page = intParam(query.page, 'page', 1);
  const limit = intParam(query.limit, 'limit', DEFAULT_PAGE_SIZE);
  if (page < 1) throw new HttpError(400, 'validation', 'validation:min', 'page');
  if (limit !== UNLIMITED && (limit < 1 || limit > MAX_PAGE_SIZE)) {
    throw new HttpError(400, 'validation', 'validation:max', 'limit');
  }
  return { page, limit };
}

const forbidden = () => new HttpError(403, 'forbidden', 'not allowed');

export function profileRoutes(
  app: FastifyInstance,
  opts: {
    db: Kysely<Database>;
    auth: Pick<AuthConfig, 'embedded'> & Partial<Pick<AuthConfig, 'url' | 'realm'>>;
  },
) {
  const { db } = opts;
  const embedded = opts.auth.embedded;
  // With a real Keycloak the screen only points there: its admin console of our realm.
  const provider: IdentityProvider = {
    embedded,
    adminConsoleUrl:
      embedded || !opts.auth.url
        ? null
        : `${opts.auth.url.replace(/\/+$/, '')}/admin/${encodeURIComponent(opts.auth.realm ?? '')}/console/`,
  };

  async function list(req: FastifyRequest, reply: FastifyReply) {
    const user = requireUser(req);
    const query = (req.query ?? {}) as ListQuery;
    const self = query.self === '1' || query.self === 'true';
    if (!self && !isAdmin(user)) throw forbidden();
    const { page, limit } = parsePaging(query);
    const search = typeof query.search === 'string' ? query.search.slice(0, 100) : undefined;
    const deactivated = !self && (query.deactivated === '1' || query.deactivated === 'true');
    const unlimited = limit === UNLIMITED;
    const { rows, total } = await listProfiles(
      db,
      { offset: unlimited ? 0 : (page - 1) * limit, limit: unlimited ? null : limit },
      self ? user.id : undefined,
      search,
      deactivated,
    );
    reply.header('cache-control', 'no-store');
    return { data: rows.map(profileView), total, page, limit, provider };
  }

  async function create(req: FastifyRequest, reply: FastifyReply) {
    if (!isAdmin(requireUser(req))) throw forbidden();
    if (!embedded) throw managedElsewhere();
    const profile = await createProfile(db, req.body);
    return reply.code(201).send(profile);
  }

  async function change(req: FastifyRequest) {
    return changeProfile(db, requireUser(req), req.body, embedded);
  }

  async function remove(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const user = requireUser(req);
    if (!isAdmin(user)) throw forbidden();
    if (!embedded) throw managedElsewhere();
    await deleteProfile(db, user, req.params.id);
    return reply.code(204).send();
  }

  async function reactivate(req: FastifyRequest<{ Params: { id: string } }>) {
    const user = requireUser(req);
    if (!isAdmin(user)) throw forbidden();
    if (!embedded) throw managedElsewhere();
    return reactivateUser(db, user, req.params.id);
  }

  for (const url of ['/api/cms/profile', '/api/cms/profile/']) {
    app.get(url, list);
    app.post(url, create);
    app.put(url, change);
  }
  app.delete('/api/cms/profile/:id', remove);
  app.post('/api/cms/profile/:id/reactivate', reactivate);
  brandingRoutes(app, db);
}
