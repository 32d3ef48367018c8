/**
 * Storing an upload: the multipart stream goes to a temporary file while its sha256, size and
 * first bytes are taken, then the type is checked by content and the bytes put into the file
 * store (blob-store.ts) before its row is written — a reader never sees a row without its file.
 * Idempotent (docs/sync.md): the same bytes for the same row, or a client file id seen before,
 * answer the stored row instead of a second copy.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Multipart } from '@fastify/multipart';
import type { Database } from '@server/db/schema';
import { HttpError } from '@server/plugins/errors';
import { MAX_FILE_BYTES, SNIFF_BYTES, safeFileName, sniffType, type StoredType } from './file-type';
import { imageWithinLimits, readImageSize } from './image-size';
import { isUuid, uuidv7 } from '@domain/ids';
import {
  findFileById,
  findSameUpload,
  insertFile,
  staleUnboundUploads,
  type FileRow,
} from './files.repository';
import type { BlobStore } from './blob-store';
import { reportCopyKey } from '@server/reports/report-image';

export interface FileStore {
  db: Kysely<Database>;
  /** Where the bytes are; `file.storagePath` is their key. */
  blobs: BlobStore;
  /** Where an upload is received before it is checked (a local directory). */
  tmpDir: string;
}

export interface UploadTarget {
  entity: string;
  entityId: string;
  companyId: string | null;
  userId: string;
  accepted: { types: readonly StoredType[]; message: string };
  /** False for an upload whose row's create has not arrived yet (stored unbound). */
  bound?: boolean;
  /** Checks the upload's client file id before anything is stored (throws to refuse). */
  admit?: (clientFileId: string | undefined) => Promise<void>;
}

interface Received {
  tmp: string;
  size: number;
  sha256: string;
  head: Buffer;
  fileName: string | undefined;
}

const KIND_RE = /^[A-Za-z0-9_-]{1,64}$/;

const ignoreError = () => undefined;

/** Writes the one file part to `dir` and collects the text fields; removes it on failure. */
async function receive(req: FastifyRequest, dir: string, fields: Map<string, string>) {
  let got: Received | null = null;
  let tmp: string | null = null;
  try {
    const parts: AsyncIterable<Multipart> = req.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new HttpError(400, 'bad_request', 'the file field is named "file"', part.fieldname);
      }
      tmp = path.join(dir, `.upload-${randomUUID()}`);
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          if (head.length < SNIFF_BYTES)
            head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
          done(null, chunk);
        },
      });
      await pipeline(part.file, tap, createWriteStream(tmp, { flags: 'wx' }));
      if (part.file.truncated || size > MAX_FILE_BYTES) {
        throw new HttpError(413, 'file_too_large', 'files are limited to 10 MiB', 'file');
      }
      got = { tmp, size, sha256: hash.digest('hex'), head, fileName: part.filename };
    }
  } catch (err) {
    if (tmp) await unlink(tmp).catch(ignoreError);
    throw err;
  }
  if (!got) throw new HttpError(400, 'file_required', 'a file is required', 'file');
  return got;
}

function scopeDir(companyId: string | null, bound: boolean): string {
  if (!bound) return 'unbound';
  if (companyId === null) return 'global';
  if (!isUuid(companyId)) throw new Error(`unexpected company id ${companyId}`);
  return companyId.toLowerCase();
}

/** Stores the upload of `req` for `target`; `created` is false for a repeated upload. */
export async function storeUpload(
  store: FileStore,
  req: FastifyRequest,
  target: UploadTarget,
): Promise<{ created: boolean; file: FileRow }> {
  if (!req.isMultipart()) {
    throw new HttpError(400, 'bad_request', 'multipart/form-data expected');
  }
  const bound = target.bound ?? true;
  const scope = scopeDir(target.companyId, bound);
  await mkdir(store.tmpDir, { recursive: true });
  const fields = new Map<string, string>();
  const got = await receive(req, store.tmpDir, fields);
  try {
    const type = sniffType(got.head);
    if (!type || !target.accepted.types.includes(type)) {
      throw new HttpError(415, 'unsupported_type', target.accepted.message, 'file');
    }
    if (type !== 'application/pdf') {
      // Measured before trusted: a few header bytes say what decoding it would cost.
      const size = await readImageSize(got.tmp, type);
      if (!size) throw new HttpError(415, 'unsupported_type', 'validation:imageUnreadable', 'file');
      if (!imageWithinLimits(size)) {
        throw new HttpError(413, 'image_too_large', 'validation:imageTooLarge', 'file');
      }
    }
    const kind = fields.get('kind');
    if (kind !== undefined && !KIND_RE.test(kind)) {
      throw new HttpError(400, 'validation', 'validation:format', 'kind');
    }
    const clientId = fields.get('id')?.toLowerCase();
    if (clientId !== undefined && !isUuid(clientId)) {
      throw new HttpError(400, 'validation', 'validation:format', 'id');
    }
    await target.admit?.(clientId);
    const same = (f: FileRow | undefined) =>
      f?.entity === target.entity && f.entityId === target.entityId && f.sha256 === got.sha256;
    const existing = clientId
      ? await findFileById(store.db, clientId)
      : await findSameUpload(store.db, target.entity, target.entityId, got.sha256);
    if (existing) {
      if (same(existing)) return { created: false, file: existing };
      throw new HttpError(409, 'duplicate', 'this file id is already used', 'id');
    }
    const id = clientId ?? uuidv7();
    const now = new Date().toISOString();
    const file: FileRow = {
      id,
      companyId: target.companyId,
      entity: target.entity,
      entityId: target.entityId,
      name: safeFileName(got.fileName, type),
      mimeType: type,
      size: got.size,
      sha256: got.sha256,
      storagePath: `${scope}/${id}`,
      createdBy: target.userId,
      createdAt: now,
      boundAt: bound ? now : null,
      deletedAt: null,
    };
    const stored = await store.blobs.put(file.storagePath, await readFile(got.tmp));
    if (stored.sha256 !== got.sha256) throw new Error(`file ${id} changed while it was stored`);
    try {
      await insertFile(store.db, file);
    } catch (err) {
      // A concurrent upload of the same client id won the race: its row and file stand.
      const winner = await findFileById(store.db, id);
      if (same(winner) && winner) return { created: false, file: winner };
      await store.blobs.delete(file.storagePath).catch(ignoreError);
      throw err;
    }
    return { created: true, file };
  } finally {
    await unlink(got.tmp).catch(ignoreError);
  }
}

/** The answer of an upload (docs/api.md POST {entity}/{id}/file). */
export function fileView(f: FileRow) {
  return {
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    size: f.size,
    sha256: f.sha256,
    createdAt: f.createdAt,
  };
}

/**
 * Deletes the uploads whose row was never created within a week: the row
 * first, then the bytes (a reader never finds a row without its file). Returns how many.
 */
export async function purgeUnboundUploads(store: FileStore, now: Date = new Date()) {
  let purged = 0;
  for (;;) {
    const stale = await staleUnboundUploads(store.db, now);
    if (stale.length === 0) return purged;
    const ids = stale.map((f) => f.id);
    await store.db.deleteFrom('file').where('id', 'in', ids).where('boundAt', 'is', null).execute();
    for (const f of stale) {
      await store.blobs.delete(f.storagePath).catch(ignoreError);
      await store.blobs.delete(reportCopyKey(f.storagePath)).catch(ignoreError);
    }
    purged += stale.length;
    if (stale.length < 500) return purged;
  }
}
