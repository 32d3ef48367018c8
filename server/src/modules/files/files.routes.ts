/**
 * docs/api.md file calls under /api/cms. Entity paths have one or two segments, so these calls are
 * dispatched by the generic CMS wildcard route, which hands over the entity and the rest of the
 * path (`tail`) to `handleFileRequest`:
 *   POST {entity}/{id}/file                  upload (multipart field `file`, optional `id`, `kind`)
 *   GET  {entity}/{id}/file[?file=<id>]      the row's file (or the one of its photos named)
 *   GET  {entity}/file                       the singleton's file (e.g. the settings logo)
 *   GET  {entity}/download/{userId}/{id}/file  file {id} uploaded by {userId}
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { hasPermission } from '@domain/rules/permissions';
import { canWrite, scopeCompany } from '@server/cms/access';
import type { EntityDef } from '@server/cms/registry';
import { findVisible, rowFromDb, type StoreKysely } from '@server/cms/rows';
import type { EntityStoreDb, Database } from '@server/db/schema';
import { HttpError } from '@server/plugins/errors';
import { requireUser, type AuthUser } from '@server/plugins/auth';
import { acceptedTypes, MAX_FILE_BYTES } from './file-type';
import { findNewestFile } from './files.repository';
import { fileNotFound, fileOfRow, fileUploadedBy, sendFile } from './files.download';
import { fileView, purgeUnboundUploads, storeUpload, type FileStore } from './files.service';
import { isUuid } from '@domain/ids';
import type { BlobStore } from './blob-store';
import { admitAuditFile } from '../dguv/audit-files';

interface FileContext extends FileStore {
  cms: StoreKysely;
}

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileContext | null;
  }
}

/** Registers @fastify/multipart (section "1. external plugins" of app.ts). */
export async function registerFileSupport(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    throwFileSizeLimit: false,
  });
}

/** Gives `handleFileRequest` its database and file store (section "3. modules"). */
export function fileRoutes(
  app: FastifyInstance,
  opts: { db: Kysely<Database>; blobs: BlobStore; dataDir: string },
) {
  const cms: StoreKysely = opts.db.withTables<EntityStoreDb>();
  const store = { db: opts.db, cms, blobs: opts.blobs, tmpDir: incomingDir(opts.dataDir) };
  app.decorate('fileStore', store);
  // Daily, and once at start: uploads whose row was never created go after a week.
  const purge = () =>
    purgeUnboundUploads(store).catch((err: unknown) =>
      app.log.error({ err }, 'unbound upload purge failed'),
    );
  app.addHook('onReady', async () => {
    await purge();
  });
  const timer = setInterval(() => void purge(), 86_400_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Where uploads are received before they are checked and stored (skipped by the disk store). */
export const incomingDir = (dataDir: string) => path.join(dataDir, 'files', '.incoming');

/** The file store of the app (fileRoutes must have been called). */
export function blobsOf(app: FastifyInstance): BlobStore {
  const blobs = app.fileStore?.blobs;
  if (!blobs) throw new Error('fileRoutes(app) must be registered first');
  return blobs;
}

function storeOf(req: FastifyRequest): FileContext {
  const store = req.server.fileStore;
  if (!store) throw new Error('fileRoutes(app) was not called');
  return store;
}

const CMS_ACTIONS = new Set(['create', 'read', 'update', 'delete', 'query']);

async function visibleRow(ctx: FileContext, user: AuthUser, def: EntityDef, id: string) {
  const row = await findVisible(ctx.cms, user, def, id);
  if (!row) throw new HttpError(404, 'not_found', `${def.path} ${id} not found`);
  return row;
}

/**
 * Rows change only through their rules (canWrite), but an order's delivery note is a file the
 * office uploads to the order and then names with PATCH /api/shop/order/{id}, so
 * staff who manage orders may upload to an order although they never write its row directly.
 */
function canUpload(user: AuthUser, def: EntityDef): boolean {
  if (def.name === 'order') {
    return hasPermission(user, 'can-edit') && hasPermission(user, 'admin-shop');
  }
  return canWrite(user, def);
}

/** Any row with this id, deleted or another customer's included. */
async function rowExists(ctx: FileContext, def: EntityDef, id: string): Promise<boolean> {
  const row = await ctx.cms
    .selectFrom(def.table)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * POST {entity}/{id}/file. The row is one this user sees — or one the device created offline
 * whose create is still queued: a new id nobody has used, uploaded by a user
 * who may create such rows, is stored unbound and bound by the create (entity-store.ts);
 * never created, it is purged after a week. A deleted row or another customer's stays 404.
 */
async function upload(req: FastifyRequest, reply: FastifyReply, def: EntityDef, id: string) {
  const ctx = storeOf(req);
  const user = requireUser(req);
  const row = await findVisible(ctx.cms, user, def, id);
  const unbound = !row && def.scope !== 'singleton' && isUuid(id) && canWrite(user, def);
  if (!row && (!unbound || (await rowExists(ctx, def, id)))) {
    throw new HttpError(404, 'not_found', `${def.path} ${id} not found`);
  }
  if (!canUpload(user, def)) throw new HttpError(403, 'forbidden', 'not allowed');
  const written = storeUpload(ctx, req, {
    entity: def.name,
    entityId: id,
    companyId: typeof row?.companyId === 'string' ? row.companyId : null,
    userId: user.id,
    accepted: acceptedTypes(def.name),
    bound: row !== undefined,
    admit: row ? (fileId) => admitAuditFile(ctx.cms, def, row, fileId) : undefined,
  });
  const count = (result: 'ok' | 'error') =>
    req.server.metrics.fileStore.inc({ operation: 'write', result });
  const { created, file } = await written.then(
    (out) => (count('ok'), out),
    (err: unknown) => {
      count('error');
      throw err;
    },
  );
  reply.code(created ? 201 : 200).send(fileView(file));
}

/** `{entity}/file`: the singleton row's file, else the newest file of the entity in scope. */
async function entityFile(req: FastifyRequest, reply: FastifyReply, def: EntityDef) {
  const ctx = storeOf(req);
  const user = requireUser(req);
  if (def.scope === 'singleton') {
    const raw = await ctx.cms
      .selectFrom(def.table)
      .selectAll()
      .where('deletedAt', 'is', null)
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    if (!raw) throw fileNotFound();
    return sendFile(ctx, req, reply, await fileOfRow(ctx, def, rowFromDb(def, raw)));
  }
  const companyId = scopeCompany(user, def);
  const file = await findNewestFile(ctx.db, { entity: def.name, companyId });
  if (!file?.entityId || !(await findVisible(ctx.cms, user, def, file.entityId))) {
    throw fileNotFound();
  }
  return sendFile(ctx, req, reply, file);
}

async function userFile(req: FastifyRequest, reply: FastifyReply, def: EntityDef, ids: string[]) {
  const ctx = storeOf(req);
  const user = requireUser(req);
  const [userId = '', fileId = ''] = ids;
  if (userId !== user.id && !hasPermission(user, 'can-edit')) throw fileNotFound();
  const file = await fileUploadedBy(ctx, def, fileId, userId);
  if (!file.entityId || !(await findVisible(ctx.cms, user, def, file.entityId))) {
    throw fileNotFound();
  }
  return sendFile(ctx, req, reply, file);
}

/**
 * Answers the file calls for entity `def` with the path rest `tail` (segments after the entity
 * path). Returns false, without touching the reply, when `tail` is no file call; otherwise the
 * reply has been sent (return `reply` from the route handler) or an HttpError is thrown.
 */
export async function handleFileRequest(
  req: FastifyRequest,
  reply: FastifyReply,
  { def, tail }: { def: EntityDef; tail: string[] },
): Promise<boolean> {
  const get = req.method === 'GET' || req.method === 'HEAD';
  const [first = '', second] = tail;
  if (tail.length === 2 && second === 'file' && !CMS_ACTIONS.has(first) && first !== 'download') {
    if (req.method === 'POST') await upload(req, reply, def, first);
    else if (get) await sendFile(storeOf(req), req, reply, await fileOf(req, def, first));
    else return false;
    return true;
  }
  if (tail.length === 1 && first === 'file' && get) {
    await entityFile(req, reply, def);
    return true;
  }
  if (tail.length === 4 && first === 'download' && tail[3] === 'file' && get) {
    await userFile(req, reply, def, tail.slice(1, 3));
    return true;
  }
  return false;
}

async function fileOf(req: FastifyRequest, def: EntityDef, id: string) {
  const ctx = storeOf(req);
  const wanted = (req.query as { file?: unknown } | undefined)?.file;
  return fileOfRow(
    ctx,
    def,
    await visibleRow(ctx, requireUser(req), def, id),
    typeof wanted === 'string' && wanted ? wanted : undefined,
  );
}
