/**
 * The CMS calls by method and path tail (docs/api.md) — create, read, update, delete, query —
 * as operations on CmsService. The one registry both the HTTP routes (cms.routes.ts) and the
 * sync push (sync/push.service.ts) dispatch through, so a service never imports a routes file.
 */
import {
  createBodySchema,
  queryBodySchema,
  readBodySchema,
  updateBodySchema,
} from '@domain/contract';
import type { AuthUser } from '../plugins/auth';
import { parseOr400 } from '../plugins/errors';
import type { CmsService } from './cms.service';
import type { CmsEntityName, EntityDef } from './registry';
import type { StoreKysely } from './rows';

export type Op = (tx?: StoreKysely) => Promise<{ statusCode: number; body: unknown }>;

/** The CRUD call a method and path tail name, or null; shared with the sync push. */
export function cmsOperation(
  service: CmsService,
  m: string,
  rawBody: unknown,
  user: AuthUser,
  def: EntityDef<CmsEntityName>,
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
