/**
 * Answered entries (docs/sync.md "No dead ends"): an outbox entry leaves the outbox once the
 * server's answer `applied` or `duplicate` is stored, and a copy of it is kept here, with the
 * wire seq it was answered at and the client stream it went in. A server restored from a
 * backup has lost what it answered after the snapshot; the device puts these copies back into
 * its outbox (sync/resend.ts) and the server answers the ones it still has `duplicate`.
 *
 * The copies of one answered batch are one record (`answeredBatches`): a record per entry cost
 * a replay of 1 000 creates about a tenth of its time in Chromium (bench/README.md, the replay).
 *
 * The window is bounded: entries made within the device's newest `ANSWERED_MAX` local seqs,
 * none answered longer than `ANSWERED_MAX_AGE_MS` ago. Batches that fell out of it are dropped
 * in the transaction that stores the answers, and it is read through the window. Entries hold
 * the call's JSON only; files travel apart (docs/sync.md "Files") and are not kept here.
 */
import type { SchlauchDb } from './database';
import type { OutboxEntry } from './records';

/** The window in local seqs: at most this many answered entries are kept on a device. */
export const ANSWERED_MAX = 2000;
/** How long an answered entry is kept: a week, longer than the time between two backups. */
export const ANSWERED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface AnsweredEntry extends OutboxEntry {
  /** Epoch ms (device clock) the answer was stored. */
  answeredAt: number;
  /** The client stream the entry was answered in (the server knows its mutationId there). */
  clientId: string;
}

/** The entries one answer stored, in local order. */
export interface AnsweredBatch {
  id?: number;
  /** Epoch ms (device clock) the answer was stored. */
  answeredAt: number;
  /** The highest local seq of its entries: the batch leaves the window with it. */
  lastLocalSeq: number;
  entries: AnsweredEntry[];
}

/** A batch record of `entries` (any order), answered at `answeredAt`. */
function batchOf(answeredAt: number, entries: readonly AnsweredEntry[]): AnsweredBatch {
  const sorted = [...entries].sort((a, b) => a.localSeq - b.localSeq);
  return { answeredAt, lastLocalSeq: sorted.at(-1)?.localSeq ?? 0, entries: sorted };
}

/**
 * How many local seqs one prune covers: pruning with every answered batch cost a push about a
 * tenth of its replay time (bench/README.md, the replay in Chromium), so the store is pruned
 * when a batch crosses a multiple of this, and holds at most this many local seqs past the
 * window in between — `answeredEntries` reads through the window.
 */
export const ANSWERED_PRUNE_EVERY = 1000;

/**
 * Keeps `entries` (answered in one batch, with their wire seq) as one record and, once per
 * `ANSWERED_PRUNE_EVERY` local seqs, drops the batches that fell out of the window.
 * Inside a transaction, it must include `answeredBatches`.
 */
export async function keepAnswered(
  db: SchlauchDb,
  entries: readonly AnsweredEntry[],
  now: number,
): Promise<void> {
  if (entries.length === 0) return;
  const batch = batchOf(now, entries);
  const [first, last] = [batch.entries[0]!.localSeq, batch.lastLocalSeq];
  await db.answeredBatches.add(batch);
  if (Math.floor(last / ANSWERED_PRUNE_EVERY) === Math.floor((first - 1) / ANSWERED_PRUNE_EVERY))
    return;
  const newest = (await db.answeredBatches.orderBy('lastLocalSeq').last())?.lastLocalSeq ?? last;
  await Promise.all([
    db.answeredBatches
      .where('answeredAt')
      .below(now - ANSWERED_MAX_AGE_MS)
      .delete(),
    db.answeredBatches
      .where('lastLocalSeq')
      .belowOrEqual(newest - ANSWERED_MAX)
      .delete(),
  ]);
}

/**
 * The kept entries within the window — made within the device's newest `ANSWERED_MAX` local
 * seqs, none answered more than `ANSWERED_MAX_AGE_MS` before `now` — of one user (all users'
 * when none is given), in the order they were made. Inside a transaction, it must include
 * `answeredBatches`.
 */
export async function answeredEntries(
  db: SchlauchDb,
  userId?: string,
  now: number = Date.now(),
): Promise<AnsweredEntry[]> {
  const newest = await db.answeredBatches.orderBy('lastLocalSeq').last();
  if (!newest) return [];
  const after = newest.lastLocalSeq - ANSWERED_MAX;
  const batches = await db.answeredBatches.where('lastLocalSeq').above(after).toArray();
  // A later copy of an entry (answered again after a resend) replaces the earlier one.
  const byLocalSeq = new Map<number, AnsweredEntry>();
  for (const batch of batches.sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    for (const e of batch.entries) byLocalSeq.set(e.localSeq, e);
  }
  return [...byLocalSeq.values()]
    .filter(
      (e) =>
        e.localSeq > after &&
        e.answeredAt >= now - ANSWERED_MAX_AGE_MS &&
        (userId === undefined || e.userId === userId),
    )
    .sort((a, b) => a.localSeq - b.localSeq);
}

/**
 * Forgets the kept entries of these local seqs (they went back into the outbox): each batch
 * holding one is stored without it, or dropped when nothing is left. Inside a transaction, it
 * must include `answeredBatches`.
 */
export async function forgetAnswered(db: SchlauchDb, localSeqs: readonly number[]): Promise<void> {
  if (localSeqs.length === 0) return;
  const gone = new Set(localSeqs);
  // A batch's last local seq is at least that of each of its entries.
  const batches = await db.answeredBatches
    .where('lastLocalSeq')
    .aboveOrEqual(Math.min(...localSeqs))
    .toArray();
  const writes: Promise<unknown>[] = [];
  for (const batch of batches) {
    const entries = batch.entries.filter((e) => !gone.has(e.localSeq));
    if (batch.id === undefined || entries.length === batch.entries.length) continue;
    writes.push(
      entries.length === 0
        ? db.answeredBatches.delete(batch.id)
        : db.answeredBatches.put({ ...batchOf(batch.answeredAt, entries), id: batch.id }),
    );
  }
  await Promise.all(writes);
}

/**
 * The entries the per-entry store of device schema v9 kept, as batches (one per answer time,
 * which all entries of one stored answer share): the v10 upgrade (database.ts) moves them.
 */
export function answeredAsBatches(kept: readonly AnsweredEntry[]): AnsweredBatch[] {
  const byTime = new Map<number, AnsweredEntry[]>();
  for (const e of kept) byTime.set(e.answeredAt, [...(byTime.get(e.answeredAt) ?? []), e]);
  return [...byTime]
    .sort(([a], [b]) => a - b)
    .map(([answeredAt, entries]) => batchOf(answeredAt, entries));
}
