/**
 * The `blobs` table (docs/sync.md "Blobs"): captured files waiting for upload, with their sha256
 * and upload state. A record carries what the blob queue needs to upload it (the row it
 * belongs to, its file name) and its bookkeeping (attempts, next try, last error).
 *
 * Upload states (records.ts `BlobUploadState`): 'pending' until the server confirmed the hash,
 * then 'uploaded' (the record stays as the proof). The bytes stay on the device until the
 * server can give the file back: it gives a row's file only once the row names it there, and
 * the write naming it (a photo set on a machine) may still be queued when the upload lands —
 * so they are dropped (`data` null) once no queued outbox entry refers to the row;
 * 'failed' when the server refused the file for good (415, 413, other 4xx). 'uploading' is not
 * persisted: an upload interrupted by a reload is simply pending again.
 */
import type { Table } from 'dexie';
import type { EntityName } from '../domain/entities';
import type { SchlauchDb } from './database';
import { localWrite } from './local-write';
import type { BlobRecord, BlobUploadState } from './records';
import type { StoredBytes } from './stored-bytes';

export interface BlobUploadError {
  status: number;
  code: string;
  message: string;
}

/** A `blobs` row as the blob queue stores it (BlobRecord plus the queue's fields). */
export interface StoredBlob extends Omit<BlobRecord, 'data'> {
  /** The bytes (stored-bytes.ts); null once the server confirmed the hash. */
  data: StoredBytes | null;
  /** The entity and row the file is uploaded to (`POST {entity path}/{rowId}/file`). */
  entity: EntityName;
  rowId: string;
  name: string;
  attempts: number;
  /** Epoch ms before which a failed upload is not retried (null: now). */
  nextAttemptAt: number | null;
  lastError: string | null;
  /** The server's refusal of a 'failed' blob. */
  error: BlobUploadError | null;
  createdAt: string;
}

function blobsOf(db: SchlauchDb): Table<StoredBlob, string> {
  return db.blobs as unknown as Table<StoredBlob, string>;
}

/**
 * Stores a captured blob in one transaction (durability as configured on the database); a
 * refusal of the storage rejects with a LocalWriteError (local-write.ts).
 */
export async function addBlob(db: SchlauchDb, blob: StoredBlob): Promise<void> {
  await localWrite(() =>
    db.transaction('rw', db.blobs, async () => {
      await blobsOf(db).add(blob);
    }),
  );
}

export function getBlob(db: SchlauchDb, id: string): Promise<StoredBlob | undefined> {
  return blobsOf(db).get(id);
}

/** Pending blobs whose next try is due, oldest first. */
export async function dueBlobs(db: SchlauchDb, now: number = Date.now()): Promise<StoredBlob[]> {
  const pending = await blobsOf(db)
    .where('uploadState')
    .equals('pending' satisfies BlobUploadState)
    .toArray();
  return pending
    .filter((b) => b.data !== null && (b.nextAttemptAt ?? 0) <= now)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The row has queued outbox entries (its writes, one of which may name the file). */
const rowQueued = async (db: SchlauchDb, rowId: string) =>
  (await db.outbox.where('recordId').equals(rowId).count()) > 0;

/**
 * The server confirmed the hash: the record stays; the bytes too while the row's writes are
 * queued (the server gives the file once the row names it there), else they are dropped.
 */
export async function markBlobUploaded(db: SchlauchDb, id: string): Promise<void> {
  await db.transaction('rw', db.blobs, db.outbox, async () => {
    const b = await blobsOf(db).get(id);
    if (!b) return;
    await blobsOf(db).update(id, {
      uploadState: 'uploaded',
      ...((await rowQueued(db, b.rowId)) ? {} : { data: null }),
      lastError: null,
      error: null,
      nextAttemptAt: null,
    });
  });
}

/**
 * Drops the bytes of the uploaded files of `rowIds` whose row has no queued entry left (after
 * a push answered the rows' writes, or a discard took them away: the server has the row as it
 * is now). Answers how many.
 */
export async function dropServedBytes(db: SchlauchDb, rowIds: Iterable<string>): Promise<number> {
  const rows = [...new Set(rowIds)];
  if (rows.length === 0) return 0;
  return db.transaction('rw', db.blobs, db.outbox, async () => {
    const kept = await blobsOf(db)
      .where('rowId')
      .anyOf(rows)
      .filter((b) => b.uploadState === 'uploaded' && b.data !== null)
      .toArray();
    let dropped = 0;
    for (const b of kept) {
      if (await rowQueued(db, b.rowId)) continue;
      await blobsOf(db).update(b.id, { data: null });
      dropped++;
    }
    return dropped;
  });
}

/** A try failed in a way worth retrying: count it, wait until `nextAttemptAt`. */
export async function markBlobRetry(
  db: SchlauchDb,
  id: string,
  lastError: string,
  nextAttemptAt: number,
): Promise<void> {
  await db.transaction('rw', db.blobs, async () => {
    const b = await blobsOf(db).get(id);
    if (!b || b.uploadState !== 'pending') return;
    await blobsOf(db).update(id, { attempts: b.attempts + 1, lastError, nextAttemptAt });
  });
}

/** What a try that found no network stores as its error (blob-queue.ts). */
export const BLOB_OFFLINE = 'offline';

/**
 * The network is back: files held back because it was gone are due now, their back-off
 * started afresh — a phone that was offline for ten minutes must not wait five more. Files
 * held back by the server's own answer (5xx, Retry-After) keep their delay. Returns how many.
 */
export async function clearOfflineBackoff(db: SchlauchDb): Promise<number> {
  return blobsOf(db)
    .where('uploadState')
    .equals('pending' satisfies BlobUploadState)
    .filter((b) => b.nextAttemptAt !== null && b.lastError === BLOB_OFFLINE)
    .modify({ attempts: 0, nextAttemptAt: null });
}

/** The server refused the file for good: kept (never dropped), shown as a problem. */
export async function markBlobFailed(
  db: SchlauchDb,
  id: string,
  error: BlobUploadError,
): Promise<void> {
  await db.transaction('rw', db.blobs, async () => {
    const b = await blobsOf(db).get(id);
    if (!b) return;
    await blobsOf(db).update(id, {
      uploadState: 'failed',
      attempts: b.attempts + 1,
      lastError: error.message,
      error,
    });
  });
}

/** Puts a failed blob back into the queue (after the user fixed the cause). */
export async function retryBlob(db: SchlauchDb, id: string): Promise<void> {
  await blobsOf(db).update(id, {
    uploadState: 'pending',
    nextAttemptAt: null,
    error: null,
  });
}

/** Files the server refused for good, oldest first (shown on Sync issues). */
export async function listFailedBlobs(db: SchlauchDb): Promise<StoredBlob[]> {
  const rows = await blobsOf(db).where('uploadState').equals('failed').toArray();
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function deleteBlob(db: SchlauchDb, id: string): Promise<void> {
  await blobsOf(db).delete(id);
}

export async function blobCounts(db: SchlauchDb): Promise<{ pending: number; failed: number }> {
  const [pending, failed] = await Promise.all([
    blobsOf(db).where('uploadState').equals('pending').count(),
    blobsOf(db).where('uploadState').equals('failed').count(),
  ]);
  return { pending, failed };
}

/**
 * Makes deferred outbox entries due now (after a blob upload: the command waiting for it can
 * go on the next push instead of after its backoff delay).
 */
export async function releaseDeferredEntries(db: SchlauchDb): Promise<number> {
  return db.outbox.where('state').equals('deferred').modify({ nextAttemptAt: null });
}
