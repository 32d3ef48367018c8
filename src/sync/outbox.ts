/**
 * The outbox as the engine reads it. An entry stays until the server's answer to it is
 * stored; what it waits for depends on its state:
 * - 'pending' / 'deferred': still to be answered. One that has a wire seq (withWireSeqs) was
 *   sent, or is about to be: after a crash it is simply sent again, the server answers by
 *   mutationId. ('inflight' marked that on disk; such entries are open too.)
 * - 'rejected' / 'conflict': answered, kept for the Sync issues screen — never dropped here.
 * An unsent entry whose dependsOn reaches a rejected entry is held: sending it could only fail
 * (or apply an edit to a record the server refused), so it waits for the user's decision.
 */
import type { SchlauchDb } from '../db/database';
import { readKeys } from '../db/keyed-read';
import { getMeta, setMeta, type ClientState } from '../db/meta-repository';
import type { OutboxEntry, OutboxState } from '../db/records';
import { SYNC_SCHEMA_VERSION } from '../domain/sync-contract';
import { needsUpgrade, upgradeEntry } from './entry-upgrade';

/** States of entries the server has not answered yet. */
export const OPEN_STATES: readonly OutboxState[] = ['pending', 'inflight', 'deferred'];
export const PROBLEM_STATES: readonly OutboxState[] = ['rejected', 'conflict'];

export const isOpen = (e: OutboxEntry) => OPEN_STATES.includes(e.state);

/** Every entry for one record, in the order they were made. */
export async function recordEntries(db: SchlauchDb, recordId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('recordId').equals(recordId).sortBy('localSeq');
}

/**
 * The queued entries of these records, in local order. A batch's records were mostly made
 * together, so their entries sit side by side in the recordId index: one ranged read
 * (db/keyed-read.ts) instead of one request per record.
 */
export async function entriesOfRecords(
  db: SchlauchDb,
  recordIds: readonly string[],
): Promise<OutboxEntry[]> {
  const entries = await readKeys(db.outbox, 'recordId', recordIds, (e) => e.recordId ?? '', 4);
  return entries.sort((a, b) => a.localSeq - b.localSeq);
}

/**
 * Entries as the engine sees them: with the wire seq they were given. A batch's seqs are kept
 * in the client state (`ClientState.numbered`) rather than written onto its entries, so an
 * entry read from disk may lack the seq it was sent with. Anything that decides by `seq`
 * (sent or not) reads entries through this.
 */
export function withWireSeqs(
  entries: OutboxEntry[],
  numbered: ClientState['numbered'],
): OutboxEntry[] {
  if (!numbered?.length) return entries;
  const seqs = new Map(numbered);
  return entries.map((e) => {
    const seq = e.seq === null ? seqs.get(e.localSeq) : undefined;
    return seq === undefined ? e : { ...e, seq };
  });
}

/** The mutationIds of unsent entries held behind a rejected one (transitively). */
export function heldEntries(entries: readonly OutboxEntry[]): Set<string> {
  const blocked = new Set(entries.filter((e) => e.state === 'rejected').map((e) => e.mutationId));
  const held = new Set<string>();
  for (const e of [...entries].sort((a, b) => a.localSeq - b.localSeq)) {
    if (e.seq !== null || !isOpen(e)) continue;
    if (e.dependsOn.some((id) => blocked.has(id))) {
      held.add(e.mutationId);
      blocked.add(e.mutationId);
    }
  }
  return held;
}

export interface OutboxCounts {
  /** Waiting to be sent or answered (not rejected, not in conflict). */
  pending: number;
  /** Rejected or in conflict: need the user. */
  problems: number;
}

/** Counts over one user's entries, or over the whole device when no user is given. */
export async function outboxCounts(db: SchlauchDb, userId?: string | null): Promise<OutboxCounts> {
  // Counted by index (no entry is read): the few problem entries, and all of the user's.
  const mine = (e: OutboxEntry) => !userId || e.userId === userId;
  const [all, problems] = await Promise.all([
    userId ? db.outbox.where('userId').equals(userId).count() : db.outbox.count(),
    db.outbox.where('state').anyOf(PROBLEM_STATES).filter(mine).count(),
  ]);
  return { pending: all - problems, problems };
}

/** The meta key of the schema version every stored entry has reached (upgradeOutbox). */
export const OUTBOX_SCHEMA_KEY = 'outboxSchema';

/**
 * `entries` in the current shape (entry-upgrade.ts); the upgraded ones are written back. Runs
 * inside the caller's rw transaction over the outbox.
 */
export async function upgradeStored(
  db: SchlauchDb,
  entries: OutboxEntry[],
): Promise<OutboxEntry[]> {
  if (!entries.some(needsUpgrade)) return entries;
  const upgraded = entries.map((e) => (needsUpgrade(e) ? upgradeEntry(e) : e));
  await db.outbox.bulkPut(upgraded.filter((e, i) => e !== entries[i]));
  return upgraded;
}

/**
 * Brings every stored entry to the current shape, once per app version (the whole queue is
 * read only then): after an update, before anything is sent. Entries an older tab writes
 * later are upgraded when a batch reads them (push.ts prepareBatch).
 */
export async function upgradeOutbox(db: SchlauchDb): Promise<number> {
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    if (((await getMeta<number>(db, OUTBOX_SCHEMA_KEY)) ?? 0) >= SYNC_SCHEMA_VERSION) return 0;
    const old = (await db.outbox.toArray()).filter(needsUpgrade);
    if (old.length > 0) await db.outbox.bulkPut(old.map(upgradeEntry));
    await setMeta(db, OUTBOX_SCHEMA_KEY, SYNC_SCHEMA_VERSION);
    return old.length;
  });
}
