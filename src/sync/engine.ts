/**
 * The sync engine: one run = push the outbox in batches until nothing more can be sent, then
 * pull the change feed (without the rows the push answers brought). Runs never overlap, across tabs too (Web Locks: a tab that
 * finds the lock taken skips its run; without navigator.locks — tests, old browsers — it
 * just runs). The network goes through the one HTTP client (lib/api/http.ts) with an
 * injectable fetch, via transport.ts.
 *
 * A run never loses or drops an entry: every failure leaves the outbox as it was (entries
 * back to pending with their seq) and ends in an outcome the scheduler acts on — retry with
 * backoff or wait for a token. No outcome is terminal: a stream the server cannot continue (a
 * seq gap, a server restored from a backup) is re-based and sent again (push.ts sendBatch).
 * The status store mirrors the outcome and the outbox counts.
 *
 * Reachability is said as soon as it is known: a call without an answer
 * for `statusTimeoutMs` (8 s) marks the server unreachable while the call goes on; any answer
 * but a gateway's 502–504 marks it reachable again.
 */
import type { SchlauchDb } from '../db/database';
import { PUSH_BATCH_MAX, SEQ_REUSED, type PushResponse } from '../domain/sync-contract';
import { dropServedBytes } from '../db/blob-repository';
import { clientState, lastSyncAt, saveLastSyncAt } from '../db/meta-repository';
import {
  createHttpClient,
  STATUS_TIMEOUT_MS,
  type FetchLike,
  type TokenSource,
} from '../lib/api/http';
import { AuthError, HttpError, isRetryable, NetworkError } from '../lib/api/http-errors';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { outboxCounts, upgradeOutbox } from './outbox';
import { pullAll } from './pull';
import { answeredWhole, type Batch, prepareBatch, releaseBatch, sendBatch } from './push';
import { applyPushResponse } from './push-results';
import { useSyncStore, type SyncStoreApi } from './sync-store';
import { createTransport, type Transport } from './transport';
import { buildDeviceReport } from './device-report';
import { appendSyncLog } from '../db/sync-log';
import { pullFailedEvent, pushFailedEvent, sentEvent } from './flight-recorder';
import { DEVICE_REPORT_HEADER } from '../domain/sync-contract';

export const SYNC_LOCK = 'schlauchmanager-sync';

/** Most entries in a run's first push request (see pushAll). */
export const FIRST_BATCH_MAX = 50;

/** A push request's outcome, kept as a value while the answer before it is stored. */
type Sent = { response: PushResponse } | { error: unknown };

export type SyncOutcome =
  | { kind: 'ok' }
  | { kind: 'busy' }
  | { kind: 'signed-out' }
  | { kind: 'auth' }
  | { kind: 'retry'; error: string; retryInMs: number };

export interface SyncEngineOptions {
  db: SchlauchDb;
  fetch?: FetchLike;
  getToken: TokenSource;
  /** The signed-in user: only their entries are sent. */
  getUserId: () => string | null;
  baseUrl?: string;
  pullLimit?: number;
  /** Most entries per push request (default PUSH_BATCH_MAX, 200). */
  pushBatchMax?: number;
  /** Longest a call may take (lib/api/http.ts; default 30 s). */
  timeoutMs?: number;
  /** No answer for this long: the status says unreachable while the call goes on. */
  statusTimeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  store?: SyncStoreApi;
  /** Web Locks; default navigator.locks, null to run without. */
  locks?: LockManager | null;
}

export class SyncEngine {
  private readonly transport: Transport;
  private readonly store: SyncStoreApi;
  private failures = 0;
  private current: Promise<SyncOutcome> | null = null;
  /** The device report the next calls carry (docs/sync.md "Device reports"). */
  private report: string | null = null;

  constructor(private readonly options: SyncEngineOptions) {
    this.store = options.store ?? useSyncStore;
    const client = createHttpClient({
      ...(options.fetch ? { fetch: options.fetch } : {}),
      getToken: options.getToken,
      auth: 'required',
      baseUrl: options.baseUrl ?? '',
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      statusTimeoutMs: options.statusTimeoutMs ?? STATUS_TIMEOUT_MS,
      onNoAnswer: () => this.store.setState({ online: false }),
      onAnswer: (status) => {
        if (!isGatewayFailure(status)) this.store.setState({ online: true });
      },
    });
    this.transport = createTransport(client, (): Record<string, string> =>
      this.report === null ? {} : { [DEVICE_REPORT_HEADER]: this.report },
    );
  }

  /** One run (or the one already under way in this tab). */
  syncOnce(): Promise<SyncOutcome> {
    this.current ??= this.locked().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  private async locked(): Promise<SyncOutcome> {
    const locks =
      this.options.locks === undefined ? (globalThis.navigator?.locks ?? null) : this.options.locks;
    if (!locks) return this.run();
    let outcome: SyncOutcome = { kind: 'busy' };
    await locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) outcome = await this.run();
    });
    return outcome;
  }

  private async run(): Promise<SyncOutcome> {
    const { db } = this.options;
    const userId = this.options.getUserId();
    if (!userId) return { kind: 'signed-out' };
    this.store.setState({ syncing: true, pullProgress: { received: 0, done: false } });
    try {
      // Push first: the answers bring the pushed rows back, and the pull after it leaves them
      // out (the feed skips rows this client's push answered), so nothing comes down twice.
      // Each carries the device's report as it is just before: the pull's says what is left.
      await upgradeOutbox(db);
      await this.refreshReport(userId);
      await this.pushAll(userId);
      await this.refreshReport(userId);
      await pullAll(db, this.transport, {
        ...(this.options.pullLimit ? { limit: this.options.pullLimit } : {}),
        clientId: (await clientState(db, userId)).clientId,
        onProgress: (pullProgress) => this.store.setState({ pullProgress }),
      }).catch(async (err: unknown) => {
        await this.record([pullFailedEvent(err)]);
        throw err;
      });
      const at = new Date().toISOString();
      await saveLastSyncAt(db, at);
      this.failures = 0;
      this.store.setState({ lastSyncAt: at, lastError: null, waitingForAuth: false, online: true });
      return { kind: 'ok' };
    } catch (err) {
      return this.failed(err);
    } finally {
      this.store.setState({ syncing: false });
      await this.refreshCounts();
    }
  }

  /**
   * Pushes batch after batch until nothing is sendable or the server makes no progress.
   * Pipelined: while a batch is on the wire the next one is numbered; when the
   * answer came back whole, the next batch goes out at once and the answer is stored while
   * it travels. A batch answered in part (the server stopped early) puts the next one back
   * unsent: its seqs would not follow on from where the server stopped.
   */
  private async pushAll(userId: string): Promise<void> {
    const { db } = this.options;
    const send = (batch: Batch): Promise<Sent> => {
      void this.record([sentEvent(batch.entries)]);
      return sendBatch(db, this.transport, userId, batch).then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
    };
    const max = this.options.pushBatchMax ?? PUSH_BATCH_MAX;
    // The first batch is small: nothing overlaps its numbering and its server time, so a
    // small one fills the pipeline sooner (and the user sees the first answers sooner).
    let batch = await prepareBatch(db, userId, Date.now(), Math.min(max, FIRST_BATCH_MAX));
    let sent = batch && send(batch);
    for (let round = 0; batch && sent && round < 1_000; round++) {
      const ahead = await prepareBatch(db, userId, Date.now(), max, batch);
      const result = await sent;
      if ('error' in result) {
        const auth = result.error instanceof AuthError;
        const why = auth ? 'waiting for sign-in' : errorText(result.error);
        await this.record([pushFailedEvent(batch.entries, result.error)]);
        await releaseBatch(db, batch, why, !auth);
        if (ahead) await releaseBatch(db, ahead, null, false);
        throw result.error;
      }
      let next = ahead && answeredWhole(batch, result.response) ? ahead : null;
      if (ahead && !next) await releaseBatch(db, ahead, null, false);
      let nextSent = next && send(next);
      const tally = await applyPushResponse(db, batch.entries, result.response);
      // Files kept on the device for rows whose writes are all answered now: the server has
      // the rows naming them and gives them back.
      await dropServedBytes(
        db,
        batch.entries.flatMap((e) => e.recordId ?? []),
      );
      await this.refreshCounts();
      if (!next) {
        if (tally.applied + tally.conflict + tally.rejected === 0) return;
        next = await prepareBatch(db, userId, Date.now(), max);
        nextSent = next && send(next);
      }
      batch = next;
      sent = nextSent;
    }
  }

  private failed(err: unknown): SyncOutcome {
    if (err instanceof AuthError) {
      this.store.setState({ waitingForAuth: true, lastError: 'auth' });
      return { kind: 'auth' };
    }
    // Anything else is retried with backoff (a 4xx on the batch itself, too): never dropped.
    const error = errorText(err);
    // A 429 or 503 names its wait (Retry-After): never sooner than that, jitter on top.
    const retryInMs = Math.max(
      backoffDelay(this.failures++, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random),
      err instanceof HttpError ? (err.retryAfterMs ?? 0) : 0,
    );
    this.store.setState({
      lastError: error,
      // No answer, or a gateway's "the server behind me does not answer": unreachable.
      ...(err instanceof NetworkError || (err instanceof HttpError && isGatewayFailure(err.status))
        ? { online: false }
        : {}),
    });
    // A re-based stream (push.ts sendBatch) is sent again on the next run: not a fault.
    const rebased = err instanceof HttpError && (err.code === 'seq_gap' || err.code === SEQ_REUSED);
    if (!isRetryable(err) && !rebased) console.error('sync failed', err);
    return { kind: 'retry', error, retryInMs };
  }

  /**
   * Appends flight-recorder events (db/sync-log.ts). The recorder never stops a sync: a
   * failed append (a full disk) is let go.
   */
  private async record(events: Parameters<typeof appendSyncLog>[1]): Promise<void> {
    await appendSyncLog(this.options.db, events).catch(() => undefined);
  }

  private async refreshReport(userId: string): Promise<void> {
    this.report = JSON.stringify(await buildDeviceReport(this.options.db, userId));
  }

  /** Mirrors the outbox counts and last sync time into the status store. */
  async refreshCounts(): Promise<void> {
    const { db } = this.options;
    const counts = await outboxCounts(db, this.options.getUserId());
    this.store.setState({ ...counts, lastSyncAt: await lastSyncAt(db) });
  }
}

/** A gateway's "the server behind me does not answer" (502–504): the server is unreachable. */
function isGatewayFailure(status: number): boolean {
  return status >= 502 && status <= 504;
}

function errorText(err: unknown): string {
  if (err instanceof NetworkError) return 'offline';
  return err instanceof Error ? err.message : String(err);
}
