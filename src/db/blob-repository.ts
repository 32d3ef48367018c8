/**
 * The `blobs` table (DESIGN §4 "Blobs"): captured files waiting for upload, with their sha256
 * and upload state. A record carries what the blob queue needs to upload it (the row it
 * belongs to, its file name) and its bookkeeping (attempts, next try, last error).
 *
 * Upload states (records.ts `BlobUploadState`): 'pending' until the server confirmed the hash,
 * then 'uploaded' (the bytes are dropped — `data` null — the record stays as the proof);
 * 'failed' when the server refused the file for good (415, 413, other 4xx). 'uploading' is not
 * persisted: an upload interrupted by a reload is simply pending again.
 */
import type { Table } from 'dexie';
import type { EntityName } from '../domain/entities';
import type { SchlauchDb } from './database';
import type { BlobRecord, BlobUploadState } from './records';

export interface BlobUploadError {
  status: number;
  code: string;
  message: string;
}

/** A `blobs` row as the blob queue stores it (BlobRecord plus the queue's fields). */
export interface StoredBlob extends Omit<BlobRecord, 'data'> {
  /** The bytes; null once the server confirmed the hash. */
  data: Blob | null;
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

/** Stores a captured blob in one transaction (durability as configured on the database). */
export async function addBlob(db: SchlauchDb, blob: StoredBlob): Promise<void> {
  await db.transaction('rw', db.blobs, async () => {
    await blobsOf(db).add(blob);
  });
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

/** The server confirmed the hash: drop the bytes, keep the record. */
export async function markBlobUploaded(db: SchlauchDb, id: string): Promise<void> {
  await blobsOf(db).update(id, {
    uploadState: 'uploaded',
    data: null,
    lastError: null,
    error: null,
    nextAttemptAt: null,
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
