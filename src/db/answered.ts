/**
 * Answered entries (docs/sync.md "No dead ends"): an outbox entry leaves the outbox once the
 * server's answer `applied` or `duplicate` is stored, and a copy of it is kept here, with the
 * wire seq it was answered at and the client stream it went in. A server restored from a
 * backup has lost what it answered after the snapshot; the device puts these copies back into
 * its outbox (sync/resend.ts) and the server answers the ones it still has `duplicate`.
 *
 * The window is bounded: the newest `ANSWERED_MAX` entries of the device, none older than
 * `ANSWERED_MAX_AGE_MS`. Each keep drops what fell out of it, in the transaction that stores
 * the answers. Entries hold the call's JSON only; files travel apart (docs/sync.md "Files")
 * and are not kept here.
 */
import type { SchlauchDb } from './database';
import type { OutboxEntry } from './records';

/** The most answered entries kept on a device. */
export const ANSWERED_MAX = 2000;
/** How long an answered entry is kept: a week, longer than the time between two backups. */
export const ANSWERED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface AnsweredEntry extends OutboxEntry {
  /** Epoch ms (device clock) the answer was stored. */
  answeredAt: number;
  /** The client stream the entry was answered in (the server knows its mutationId there). */
  clientId: string;
}

/**
 * How many local seqs one prune covers: pruning with every answered batch cost a push about a
 * tenth of its replay time (bench/README.md, the replay in Chromium), so the table is pruned
 * when a batch crosses a multiple of this, and holds at most this many entries past the window
 * in between — `answeredEntries` reads through the window.
 */
export const ANSWERED_PRUNE_EVERY = 1000;

/**
 * Keeps `entries` (answered, with their wire seq, in local order) and, once per
 * `ANSWERED_PRUNE_EVERY` local seqs, drops what fell out of the window.
 * Inside a transaction, it must include `answered`.
 */
export async function keepAnswered(
  db: SchlauchDb,
  entries: readonly AnsweredEntry[],
  now: number,
): Promise<void> {
  if (entries.length === 0) return;
  await db.answered.bulkPut([...entries]);
  const seqs = entries.map((e) => e.localSeq);
  const [first, last] = [Math.min(...seqs), Math.max(...seqs)];
  if (Math.floor(last / ANSWERED_PRUNE_EVERY) === Math.floor((first - 1) / ANSWERED_PRUNE_EVERY))
    return;
  await db.answered
    .where('answeredAt')
    .below(now - ANSWERED_MAX_AGE_MS)
    .delete();
  const excess = (await db.answered.count()) - ANSWERED_MAX;
  if (excess > 0) {
    // Local seqs count up: the oldest entries come first.
    const oldest = await db.answered.orderBy(':id').limit(excess).primaryKeys();
    await db.answered.bulkDelete(oldest);
  }
}

/**
 * The kept entries within the window — the device's newest `ANSWERED_MAX`, none answered more
 * than `ANSWERED_MAX_AGE_MS` before `now` — of one user (all users' when none is given), in
 * the order they were made. Inside a transaction, it must include `answered`.
 */
export async function answeredEntries(
  db: SchlauchDb,
  userId?: string,
  now: number = Date.now(),
): Promise<AnsweredEntry[]> {
  const newest = await db.answered.orderBy(':id').reverse().limit(ANSWERED_MAX).toArray();
  return newest
    .reverse()
    .filter(
      (e) =>
        (userId === undefined || e.userId === userId) && e.answeredAt >= now - ANSWERED_MAX_AGE_MS,
    );
}
