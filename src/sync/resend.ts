/**
 * Re-sending what a restored server lost (docs/sync.md "No dead ends"). The device keeps the
 * entries the server answered for a bounded window (db/answered.ts). When the server shows it
 * no longer knows them, they go back into the outbox as open entries with the wire seq they
 * were answered at, ahead of everything made after them:
 * - a `409 seq_gap {expectedSeq}` (push.ts rebaseStream): the server's stream ends before
 *   `expectedSeq`, so it has lost every entry answered at that seq or later;
 * - a new sync epoch in the pull's scope (pull.ts): the server was restored; every kept entry
 *   goes back, and the server answers those it still has `duplicate` by mutationId.
 * The stream then meets a seq gap or a reused seq and is re-based as always; a re-sent entry
 * that now conflicts or is refused takes the normal way to *Sync issues*.
 */
import type { SchlauchDb } from '../db/database';
import { answeredEntries, forgetAnswered } from '../db/answered';
import { clientKey, getMeta, setMeta, type ClientState } from '../db/meta-repository';
import type { OutboxEntry } from '../db/records';
import { appendSyncLog } from '../db/sync-log';

/**
 * Puts the kept answered entries back into the outbox: one user's (all users' when none is
 * given), only those answered at `fromSeq` or later when it is given. An entry goes back only
 * into the client stream it was answered in (the server knows its mutationId there, so an
 * entry it still has is never applied twice). Runs inside the caller's rw transaction over
 * `outbox`, `meta`, `answeredBatches` and `syncLog`. Returns how many went back.
 */
export async function resendAnswered(
  db: SchlauchDb,
  opts: { userId?: string; fromSeq?: number } = {},
): Promise<number> {
  const kept = (await answeredEntries(db, opts.userId)).filter(
    (e) => opts.fromSeq === undefined || (e.seq ?? 0) >= opts.fromSeq,
  );
  if (kept.length === 0) return 0;
  const streams = new Map<string, ClientState | undefined>();
  const back: OutboxEntry[] = [];
  for (const { answeredAt: _at, clientId, ...entry } of kept) {
    if (!streams.has(entry.userId)) {
      streams.set(entry.userId, await getMeta<ClientState>(db, clientKey(entry.userId)));
    }
    const stream = streams.get(entry.userId);
    if (!stream || stream.clientId !== clientId || entry.seq === null) continue;
    back.push({
      ...entry,
      state: 'pending',
      resent: true,
      attempts: 0,
      lastError: null,
      error: null,
      nextAttemptAt: null,
    });
  }
  await forgetAnswered(
    db,
    kept.map((e) => e.localSeq),
  );
  if (back.length === 0) return 0;
  await db.outbox.bulkPut(back);
  // The stream covers the entries again: their seqs and local seqs lie within it.
  for (const [userId, stream] of streams) {
    const mine = back.filter((e) => e.userId === userId);
    if (!stream || mine.length === 0) continue;
    await setMeta(db, clientKey(userId), {
      ...stream,
      lastSeq: Math.max(stream.lastSeq, ...mine.map((e) => e.seq ?? 0)),
      ...(stream.numberedTo === undefined
        ? {}
        : { numberedTo: Math.max(stream.numberedTo, ...mine.map((e) => e.localSeq)) }),
    });
  }
  await appendSyncLog(
    db,
    back.map((e) => ({
      event: 'resent' as const,
      mutationId: e.mutationId,
      entity: e.entity,
      name: e.name,
      recordId: e.recordId,
      seq: e.seq,
    })),
  );
  return back.length;
}
