/**
 * Which stored file a download means (always reached through a row the caller may see), and
 * sending it: type from the stored row, inline disposition, no caching of customer files,
 * ETag = sha256.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityName } from '@domain/entities';
import { fieldValue, type RowOf } from '@server/cms/rows';
import type { EntityDef } from '@server/cms/registry';
import { HttpError } from '@server/plugins/errors';
import { contentDisposition } from './file-type';
import { findFileById, findNewestFile, type FileRow } from './files.repository';
import type { FileStore } from './files.service';

/**
 * Row fields that name the row's current file (machine photo, logos, signature, document, an
 * order's delivery note, a hose's marking photo).
 */
const FILE_REF_FIELDS = [
  'photo',
  'logo',
  'content',
  'fileId',
  'deliveryNoteFileId',
  'markingPhotoId',
] as const;

/** A row of whichever entity a download names (chosen at run time): one of the typed rows. */
type AnyRow = RowOf<EntityName>;

export const fileNotFound = () => new HttpError(404, 'not_found', 'file not found');

/**
 * A reference reaches a file of the row itself or, for customer rows, any file of the same
 * customer: a machine document names the file uploaded to its machine (a file can only be
 * uploaded to a row that exists, and the document is created with its file id), and every
 * row of a customer is visible to the same users.
 */
const reachable = (f: FileRow | undefined, def: EntityDef, row: AnyRow) => {
  if (!f || f.deletedAt) return undefined;
  if (f.entity === def.name && f.entityId === row.id) return f;
  const companyId = fieldValue(row, 'companyId');
  return typeof companyId === 'string' && f.companyId === companyId ? f : undefined;
};

/** Row fields that list several files (the photos of a hose check or a report). */
const FILE_LIST_FIELDS = ['photoIds'] as const;

const namesFile = (def: EntityDef, row: AnyRow, fileId: string) =>
  [...FILE_REF_FIELDS, ...FILE_LIST_FIELDS].some((field) => {
    const ref = def.fields[field] ? fieldValue(row, field) : undefined;
    return ref === fileId || (Array.isArray(ref) && ref.includes(fileId));
  });

/**
 * The file of a visible row: `wanted` (`?file=` — one of its photos) when the row names it;
 * else the one its reference field names when reachable (above; never another customer's
 * file), else the newest file of the row.
 */
export async function fileOfRow(
  store: FileStore,
  def: EntityDef,
  row: AnyRow,
  wanted?: string,
): Promise<FileRow> {
  const rowId = row.id;
  if (wanted) {
    const named = namesFile(def, row, wanted)
      ? reachable(await findFileById(store.db, wanted), def, row)
      : undefined;
    if (!named) throw fileNotFound();
    return named;
  }
  for (const field of FILE_REF_FIELDS) {
    const ref = def.fields[field] ? fieldValue(row, field) : undefined;
    if (typeof ref !== 'string' || !ref) continue;
    const named = reachable(await findFileById(store.db, ref), def, row);
    if (named) return named;
  }
  const newest = await findNewestFile(store.db, { entity: def.name, entityId: rowId });
  if (!newest) throw fileNotFound();
  return newest;
}

/** Live file `fileId` of this entity, created by `userId`. */
export async function fileUploadedBy(
  store: FileStore,
  def: EntityDef,
  fileId: string,
  userId: string,
): Promise<FileRow> {
  const f = await findFileById(store.db, fileId);
  if (!f || f.deletedAt || f.entity !== def.name || f.createdBy !== userId || !f.entityId) {
    throw fileNotFound();
  }
  return f;
}

function etagMatches(header: string | undefined, sha256: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === `"${sha256}"`);
}

/** Sends a stored file, or 304 when the client's ETag is current. */
export async function sendFile(
  store: FileStore,
  req: FastifyRequest,
  reply: FastifyReply,
  file: FileRow,
): Promise<void> {
  reply
    .header('etag', `"${file.sha256}"`)
    // A customer's file is never kept by a browser or proxy cache (a shared computer, a
    // `?access_token` link); global files (the letterhead logo) may be kept for an hour.
    .header('cache-control', file.companyId ? 'no-store' : 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff');
  if (etagMatches(req.headers['if-none-match'], file.sha256)) {
    reply.code(304).send();
    return;
  }
  const bytes = await store.blobs.get(file.storagePath).catch((err: unknown) => {
    // The store is down (not the file gone): an error answer, never a 404 a device would keep.
    req.server.metrics.fileStore.inc({ operation: 'read', result: 'error' });
    throw err;
  });
  req.server.metrics.fileStore.inc({ operation: 'read', result: bytes === null ? 'error' : 'ok' });
  if (bytes === null) {
    req.log.error(
      { fileId: file.id, storagePath: file.storagePath, store: store.blobs.kind },
      'stored file is missing',
    );
    throw fileNotFound();
  }
  reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.name))
    .header('content-length', bytes.length)
    .send(bytes);
}
