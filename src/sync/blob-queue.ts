/**
 * The blob queue (docs/sync.md "Blobs"): uploads captured files apart from the data sync, a few
 * at a time, as `POST /api/cms/{entity path}/{rowId}/file` (multipart: `id` = the client's
 * blob id, `file` = the bytes). The server's upload is atomic and idempotent by id + hash, so
 * an upload cut halfway is simply sent again. Calls go through the app's one HTTP client
 * (lib/api/http.ts), whose errors are classified as for the data sync (isRetryable).
 *
 * Per answer:
 * - 200/201 with the same sha256 → 'uploaded': the record stays, the bytes until the row's
 *   queued writes are answered (blob-repository.ts), and deferred outbox entries are made due
 *   and `onUploaded` asks for a sync so they go now;
 * - network error, timeout, 5xx, 408, 429 → retried after a backoff delay (backoff.ts; no
 *   sooner than the server's Retry-After), kept; a delay for want of a network ends as soon
 *   as a sync run reaches the server (`networkBack`);
 * - 401 / no token → the run stops; the next run (after a new token) goes on;
 * - 404 (the row was deleted on the server, or is another customer's — a row whose create is
 *   still queued is accepted:), 413, 415 and other 4xx, or a different hash →
 *   'failed' with the server's error, kept and shown on Sync issues.
 */
import {
  BLOB_OFFLINE,
  blobCounts,
  clearOfflineBackoff,
  dueBlobs,
  markBlobFailed,
  markBlobRetry,
  markBlobUploaded,
  releaseDeferredEntries,
  type StoredBlob,
} from '../db/blob-repository';
import type { SchlauchDb } from '../db/database';
import { bytesToBlob } from '../db/stored-bytes';
import { ENTITY_PATHS } from '../domain/entity-paths';
import {
  createHttpClient,
  type FetchLike,
  type HttpAnswer,
  type HttpClient,
  type TokenSource,
} from '../lib/api/http';
import { AuthError, HttpError, isRetryable, NetworkError } from '../lib/api/http-errors';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { useSyncStore, type SyncStoreApi } from './sync-store';

export type BlobRunOutcome =
  | { kind: 'ok'; uploaded: number; failed: number }
  | { kind: 'auth'; uploaded: number }
  | { kind: 'retry'; uploaded: number; retryInMs: number };

export interface BlobQueueOptions {
  db: SchlauchDb;
  fetch?: FetchLike;
  getToken: TokenSource;
  baseUrl?: string;
  /** Uploads at the same time (docs/sync.md: 2–3). */
  concurrency?: number;
  /** Longest one upload may take (default 2 min). */
  timeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Called after a run that uploaded or failed a file (e.g. trigger a sync for deferred calls). */
  onUploaded?: () => void;
  store?: SyncStoreApi;
  now?: () => number;
}

const UPLOAD_TIMEOUT_MS = 120_000;

type UploadResult =
  | { kind: 'uploaded' }
  | { kind: 'retry'; retryInMs: number }
  | { kind: 'failed' }
  | { kind: 'auth' };

export class BlobQueue {
  private current: Promise<BlobRunOutcome> | null = null;
  private again = false;
  private readonly store: SyncStoreApi;
  private readonly http: HttpClient;

  constructor(private readonly options: BlobQueueOptions) {
    this.store = options.store ?? useSyncStore;
    this.http = createHttpClient({
      ...(options.fetch ? { fetch: options.fetch } : {}),
      getToken: options.getToken,
      auth: 'required',
      baseUrl: options.baseUrl ?? '',
      timeoutMs: options.timeoutMs ?? UPLOAD_TIMEOUT_MS,
    });
  }

  /**
   * One run over the due blobs. Asked while a run is under way, it returns that run and
   * runs once more after it (files that became due meanwhile must not wait). Never throws.
   */
  run(): Promise<BlobRunOutcome> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = this.drain().finally(() => {
      this.current = null;
      if (this.again) {
        this.again = false;
        void this.run();
      }
    });
    return this.current;
  }

  /**
   * A sync run just reached the server: the network is back, so files held back while it was
   * gone upload now instead of waiting out their back-off (up to 5 min, kept across restarts).
   */
  async networkBack(): Promise<void> {
    try {
      if ((await clearOfflineBackoff(this.options.db)) > 0) await this.run();
    } catch (err) {
      console.error('blob back-off reset failed', err);
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private async drain(): Promise<BlobRunOutcome> {
    const { db } = this.options;
    let uploaded = 0;
    let failed = 0;
    let auth = false;
    let retryInMs: number | null = null;
    try {
      const queue = await dueBlobs(db, this.now());
      const worker = async () => {
        for (let blob = queue.shift(); blob && !auth; blob = queue.shift()) {
          const result = await this.upload(blob);
          if (result.kind === 'uploaded') uploaded++;
          if (result.kind === 'failed') failed++;
          if (result.kind === 'auth') auth = true;
          if (result.kind === 'retry')
            retryInMs = Math.min(retryInMs ?? Infinity, result.retryInMs);
        }
      };
      const n = Math.max(1, this.options.concurrency ?? 2);
      await Promise.all(Array.from({ length: n }, worker));
      // A file now on the server, or refused for good: the calls waiting for it are due now
      // (sent, or refused by the server as they would be anyway — never left to their backoff).
      if (uploaded > 0 || failed > 0) {
        await releaseDeferredEntries(db);
        this.options.onUploaded?.();
      }
    } catch (err) {
      // A local database failure: report it, try again later.
      console.error('blob upload run failed', err);
      retryInMs ??= backoffDelay(0, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random);
    } finally {
      await this.refreshCounts().catch(() => undefined);
    }
    if (auth) return { kind: 'auth', uploaded };
    if (retryInMs !== null) return { kind: 'retry', uploaded, retryInMs };
    return { kind: 'ok', uploaded, failed };
  }

  private async upload(blob: StoredBlob): Promise<UploadResult> {
    const { db } = this.options;
    if (!blob.data) return { kind: 'failed' };
    const form = new FormData();
    form.append('id', blob.id);
    form.append('file', bytesToBlob({ ...blob.data, type: blob.mimeType }), blob.name);
    let answer: HttpAnswer<unknown>;
    try {
      answer = await this.http.send(`/api/cms/${ENTITY_PATHS[blob.entity]}/${blob.rowId}/file`, {
        method: 'POST',
        body: form,
      });
    } catch (err) {
      if (err instanceof AuthError) return { kind: 'auth' };
      if (err instanceof NetworkError) return this.retry(blob, BLOB_OFFLINE, null);
      if (!(err instanceof HttpError)) throw err;
      if (isRetryable(err)) {
        return this.retry(blob, `${err.status} ${err.message}`, err.retryAfterMs);
      }
      const { status, code, message } = err;
      await markBlobFailed(db, blob.id, { status, code, message });
      return { kind: 'failed' };
    }
    const sha = (answer.data as { sha256?: unknown } | null)?.sha256;
    if (sha === blob.sha256) {
      await markBlobUploaded(db, blob.id);
      return { kind: 'uploaded' };
    }
    await markBlobFailed(db, blob.id, {
      status: answer.status,
      code: 'hash_mismatch',
      message: `the server stored sha256 ${String(sha)}`,
    });
    return { kind: 'failed' };
  }

  /** Kept for another try after the backoff delay, or the server's Retry-After if longer. */
  private async retry(
    blob: StoredBlob,
    error: string,
    retryAfterMs: number | null,
  ): Promise<UploadResult> {
    const backoff = backoffDelay(
      blob.attempts,
      this.options.backoff ?? DEFAULT_BACKOFF,
      this.options.random,
    );
    const retryInMs = Math.max(backoff, retryAfterMs ?? 0);
    await markBlobRetry(this.options.db, blob.id, error, this.now() + retryInMs);
    return { kind: 'retry', retryInMs };
  }

  /** Mirrors the blob counts into the status store. */
  async refreshCounts(): Promise<void> {
    const { pending, failed } = await blobCounts(this.options.db);
    this.store.setState({ blobsPending: pending, blobsFailed: failed });
  }
}
