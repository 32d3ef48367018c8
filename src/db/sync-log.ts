/**
 * The flight recorder (docs/sync.md "Flight recorder"): a bounded log of what became of each
 * mutation on this device — queued by `mutate()`, sent in a push, answered (applied, duplicate,
 * conflict, refused with its code, deferred, unanswered), stored, and seen again in the pull —
 * for support to read when a user asks "where is my data?".
 *
 * It holds ids, entity names, call names, seqs, versions and error codes only: never a body,
 * a field's value, a message, a path or a token. The newest `SYNC_LOG_MAX` events are kept:
 * an append that crosses a multiple of `SYNC_LOG_PRUNE_EVERY` drops what fell out of that window
 * (ids count up, so that is one range delete), and the log is read through the window. Pruning
 * every `mutate()` instead cost a count and a range delete per save — a tenth of a save's time on
 * a phone-class CPU (bench/README.md, the save on a phone).
 * Appends run in the caller's transaction when it includes `syncLog` — a write and its
 * `queued` event, an answer and its effect, are stored together or not at all.
 */
import type { SchlauchDb } from './database';

/** The events kept (about a day of a busy technician's work, a few hundred kilobytes). */
export const SYNC_LOG_MAX = 2000;

/** How many appended events one prune covers (the store holds at most this many extra). */
export const SYNC_LOG_PRUNE_EVERY = 100;

export type SyncLogEvent =
  /** `mutate()` queued a new entry. */
  | 'queued'
  /** `mutate()` merged a change into the entry's unsent call. */
  | 'merged'
  /** The entry went out in a push request (with its wire seq). */
  | 'sent'
  /** The server's answer to the entry. */
  | 'applied'
  | 'duplicate'
  | 'conflict'
  | 'rejected'
  | 'deferred'
  /** The server stopped before the entry: it goes again. */
  | 'unanswered'
  /** The whole push or pull request failed (`code`: the server's error code or `offline`). */
  | 'push-failed'
  | 'pull-failed'
  /** The push was refused because the stream did not continue: re-based at `seq`. */
  | 'rebased'
  /**
   * An answered entry went back into the outbox: the server's stream or its epoch shows it was
   * restored and may have lost it (`seq`: the seq it was answered at).
   */
  | 'resent'
  /** A pulled change of a record this device wrote (`version`: the server's now). */
  | 'pulled';

export interface SyncLogRecord {
  /** Counts up: the order of the events. */
  id?: number;
  /** ISO time on the device. */
  at: string;
  event: SyncLogEvent;
  mutationId: string | null;
  /** The table of the record (or null for a command on no local row). */
  entity: string | null;
  /** The call's name (`cms.create`, `shop.submit` …). */
  name?: string;
  recordId?: string | null;
  seq?: number | null;
  /** The server's row version the answer or the pull brought. */
  version?: number;
  /** HTTP status and error code of a refusal or failure. */
  status?: number;
  code?: string;
  /** A request-wide event: how many entries the request carried. */
  count?: number;
}

/**
 * Appends `events` (stamped with `at` unless they carry one) and drops what no longer fits.
 * Inside a transaction, that transaction must include `syncLog`.
 */
export async function appendSyncLog(
  db: SchlauchDb,
  events: readonly (Omit<SyncLogRecord, 'id' | 'at'> & { at?: string })[],
  at: string = new Date().toISOString(),
): Promise<void> {
  if (events.length === 0) return;
  const records = events.map((e) => ({ ...e, at: e.at ?? at }));
  const last = await db.syncLog.bulkAdd(records as SyncLogRecord[]);
  if (last === undefined) return;
  const first = last - records.length + 1;
  const crossed =
    Math.floor(last / SYNC_LOG_PRUNE_EVERY) !== Math.floor((first - 1) / SYNC_LOG_PRUNE_EVERY);
  if (!crossed) return;
  await db.syncLog
    .where(':id')
    .belowOrEqual(last - SYNC_LOG_MAX)
    .delete();
}

/** The log's newest `SYNC_LOG_MAX` events, oldest first. */
export async function readSyncLog(db: SchlauchDb): Promise<SyncLogRecord[]> {
  const newest = await db.syncLog.orderBy(':id').reverse().limit(SYNC_LOG_MAX).toArray();
  return newest.reverse();
}

/**
 * The mutations the log knows for these records (the newest per record), for linking a pulled
 * change to the write it follows. Inside a transaction, it must include `syncLog`.
 */
export async function loggedMutationsOf(
  db: SchlauchDb,
  recordIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (recordIds.length === 0) return found;
  const records = await db.syncLog.where('recordId').anyOf(recordIds).toArray();
  for (const r of records) {
    if (r.recordId && r.mutationId) found.set(r.recordId, r.mutationId);
  }
  return found;
}
