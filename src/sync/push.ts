/**
 * Push (docs/sync.md): `POST /api/sync/push {clientId, mutations[≤200]}`.
 *
 * Wire seqs are handed out here, when an entry first goes into a batch, from the user's
 * client stream in `meta`, and stored there with the stream (`ClientState.numbered`: one
 * write per batch, not a rewrite of its 200 entries). So the server sees one
 * gapless sequence (it refuses gaps), even though held entries and other users' entries stay
 * behind. An entry that has a seq is in every following batch, first and
 * with the same seq, until its answer is stored; a lost answer is therefore recovered by
 * sending again, and the server answers by mutationId without applying twice.
 */
import {
  PUSH_BATCH_MAX,
  pushResponseSchema,
  SEQ_REUSED,
  seqGapSchema,
} from '../domain/sync-contract';
import type { Mutation, PushResponse } from '../domain/sync-contract';
import type { SchlauchDb } from '../db/database';
import {
  clientState,
  dropNumbered,
  saveClientState,
  type ClientState,
} from '../db/meta-repository';
import type { OutboxEntry } from '../db/records';
import { appendSyncLog } from '../db/sync-log';
import { HttpError } from '../lib/api/http-errors';
import { heldEntries, isOpen, upgradeStored, withWireSeqs } from './outbox';
import { resendAnswered } from './resend';
import type { Transport } from './transport';

export interface Batch {
  clientId: string;
  entries: OutboxEntry[];
}

/**
 * Picks the next batch of the user's entries and numbers it: first every entry that
 * already has a seq (in seq order), then unsent ones in the order they were made, skipping
 * held ones. A second update of a record already updated in this batch ends the batch: it
 * waits for the first one's answer, which moves its baseVersion past our own change.
 * Null when nothing can be sent now.
 *
 * `after`: a batch still on the wire (the next batch is numbered while the one
 * before it travels, and sent as soon as its answer came back whole). Its entries are left
 * out, and so is everything its answer could change or hold: entries of its records, and
 * entries that depend on one of its entries (transitively) wait for a batch of their own.
 * An already numbered entry of that kind cannot be skipped (the sequence has no gaps): then
 * there is no batch to send ahead.
 */
export async function prepareBatch(
  db: SchlauchDb,
  userId: string,
  now: number = Date.now(),
  max: number = PUSH_BATCH_MAX,
  after?: Batch,
): Promise<Batch | null> {
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    // A stream an earlier version marked broken is sent again: the server's seq_gap answer
    // re-bases it (sendBatch), which clears the mark.
    const client = await clientState(db, userId);
    // The user's first entries: the batch ahead, this batch and a little more is what a batch
    // is made of ( reading every queued entry for every batch was the replay's
    // largest read). A batch made from a prefix is the batch the whole queue gives when the
    // prefix holds every numbered entry and the batch did not run out of entries.
    let limit =
      client.numberedTo === undefined ? Infinity : (after?.entries.length ?? 0) + max + 16;
    for (;;) {
      // Entries an earlier app version wrote go out in the current shape (entry-upgrade.ts).
      const stored = await upgradeStored(db, await firstUserEntries(db, userId, limit));
      const whole = stored.length < limit;
      const seqOnDisk = new Map(stored.map((e) => [e.localSeq, e.seq]));
      const covers = whole || (stored.at(-1)?.localSeq ?? 0) >= (client.numberedTo ?? Infinity);
      const made = covers ? pickBatch(client, stored, now, max, after) : null;
      if (!made || (made.ranOut && !whole)) {
        limit *= 2;
        continue;
      }
      const { batch } = made;
      if (batch.length === 0) return null;
      client.lastSeq = made.lastSeq;
      // The seqs of entries that still lack theirs on disk (gone and rewritten ones drop out).
      const seqs = new Map(client.numbered);
      for (const e of batch) seqs.set(e.localSeq, e.seq!);
      client.numbered = [...seqs].filter(([localSeq]) => seqOnDisk.get(localSeq) === null);
      // Every numbered entry lies at or before it: the batch is in `numbered` now, or carries
      // its seq on disk (numbered earlier: under the old mark, or counted when read whole).
      const numberedTo = Math.max(
        whole ? 0 : (client.numberedTo ?? 0),
        ...(whole
          ? stored.filter((e) => seqOnDisk.get(e.localSeq) !== null).map((e) => e.localSeq)
          : []),
        ...client.numbered.map(([localSeq]) => localSeq),
      );
      await saveClientState(db, userId, { ...client, numberedTo });
      return { clientId: client.clientId, entries: batch };
    }
  });
}

/** The user's first `limit` entries in the order they were made (all with Infinity). */
function firstUserEntries(db: SchlauchDb, userId: string, limit: number) {
  const mine = db.outbox.where('userId').equals(userId);
  // An index's entries of one key are in primary-key (localSeq) order.
  return limit === Infinity ? mine.toArray() : mine.limit(limit).toArray();
}

/**
 * The batch from the user's first entries `stored` (prepareBatch), new entries numbered after
 * the stream's `lastSeq` (the last one handed out is returned; the stream is left as it is);
 * an empty batch when nothing can be sent now. `ranOut`: the batch could have taken more
 * entries than `stored` had.
 */
function pickBatch(
  client: ClientState,
  stored: OutboxEntry[],
  now: number,
  max: number,
  after: Batch | undefined,
): { batch: OutboxEntry[]; ranOut: boolean; lastSeq: number } {
  let { lastSeq } = client;
  const none = { batch: [], ranOut: false, lastSeq };
  const all = withWireSeqs(stored, client.numbered);
  const ahead = after ? new Set(after.entries.map((e) => e.localSeq)) : null;
  // What the batch on the wire may still change: its records, its calls and their dependants.
  const records = new Set(after?.entries.flatMap((e) => (e.recordId ? [e.recordId] : [])));
  const blocked = new Set(after?.entries.map((e) => e.mutationId));
  const waits = (e: OutboxEntry) =>
    (e.recordId !== null && records.has(e.recordId)) || e.dependsOn.some((id) => blocked.has(id));
  const numbered = all.filter((e) => e.seq !== null && isOpen(e) && !ahead?.has(e.localSeq));
  numbered.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const head = numbered[0];
  // The server stops at a deferred entry, so nothing behind it moves before it is due.
  if (head?.state === 'deferred' && (head.nextAttemptAt ?? 0) > now) return none;
  const batch = numbered.slice(0, max);
  if (after && batch.some(waits)) return none;
  if (batch.length < numbered.length) return { batch, ranOut: false, lastSeq };
  const held = heldEntries(all);
  const updated = new Set(batch.filter((e) => e.kind === 'update').map((e) => e.recordId));
  for (const e of all) {
    if (batch.length >= max) return { batch, ranOut: false, lastSeq };
    if (e.seq !== null || e.state !== 'pending' || held.has(e.mutationId)) continue;
    if (after && waits(e)) {
      if (e.recordId) records.add(e.recordId);
      blocked.add(e.mutationId);
      continue;
    }
    if (e.kind === 'update' && updated.has(e.recordId)) return { batch, ranOut: false, lastSeq };
    if (e.kind === 'update') updated.add(e.recordId);
    lastSeq += 1;
    e.seq = lastSeq;
    batch.push(e);
    if (batch.length >= max) return { batch, ranOut: false, lastSeq };
  }
  return { batch, ranOut: true, lastSeq };
}

/**
 * True when the server answered every entry of the batch and deferred none: it went through
 * the whole batch, so the next one continues its sequence.
 */
export function answeredWhole(batch: Batch, response: PushResponse): boolean {
  const answered = new Map(response.results.map((r) => [r.mutationId, r.status]));
  return batch.entries.every((e) => {
    const status = answered.get(e.mutationId);
    return status !== undefined && status !== 'deferred';
  });
}

/** The wire form of an entry (the local bookkeeping stays on the device). */
export function toMutation(e: OutboxEntry): Mutation {
  if (e.seq === null) throw new Error('entry has no seq yet');
  return {
    seq: e.seq,
    mutationId: e.mutationId,
    userId: e.userId,
    name: e.name,
    method: e.method,
    path: e.path,
    body: e.body,
    recordId: e.recordId,
    baseVersion: e.baseVersion,
    changedFields: e.changedFields,
    dependsOn: e.dependsOn,
    schemaVersion: e.schemaVersion,
    ...(e.performedAt ? { performedAt: e.performedAt } : {}),
  };
}

/**
 * Sends a batch. A 409 seq_gap whose expected seq lies before our first one means the server
 * does not know this stream that far — it was restored from a backup (server/src/sync/epoch.ts),
 * or this device lost entries the server never saw. The stream is re-based where the server
 * stands (`rebaseStream`), with the answered entries the server lost put back in front, and
 * the error goes to the engine, which sends again: the server answers what it still knows by
 * mutationId and applies the rest. Nothing is dropped.
 *
 * An answer `seq_reused` is the other way round: the server's stream is ahead of ours (the
 * device's database was put back to an older copy, or its stream state lost). The server
 * stopped at that entry; the answer is not stored (what it applied before is answered again by
 * mutationId), the stream is re-based after `lastProcessedSeq` and a 409 `seq_reused` goes to
 * the engine, which sends again. The entries are never marked refused.
 */
export async function sendBatch(
  db: SchlauchDb,
  transport: Transport,
  userId: string,
  batch: Batch,
): Promise<PushResponse> {
  const mutations = batch.entries.map(toMutation);
  let data: unknown;
  try {
    data = await transport.post('/sync/push', { clientId: batch.clientId, mutations });
  } catch (err) {
    const gap = err instanceof HttpError ? seqGapSchema.safeParse(err.body) : null;
    if (gap?.success && gap.data.expectedSeq < (mutations[0]?.seq ?? 0)) {
      await rebaseStream(db, userId, gap.data.expectedSeq, { resend: true });
      const first = batch.entries[0];
      await appendSyncLog(db, [
        {
          event: 'rebased',
          mutationId: first?.mutationId ?? null,
          entity: first?.entity ?? null,
          seq: gap.data.expectedSeq,
          status: 409,
          code: 'seq_gap',
        },
      ]).catch(() => undefined);
    }
    throw err;
  }
  const parsed = pushResponseSchema.safeParse(data);
  if (!parsed.success) throw new HttpError(502, 'bad_response', 'unreadable push answer', data);
  const reused = parsed.data.results.some(
    (r) => r.status === 'rejected' && r.error.code === SEQ_REUSED,
  );
  if (reused) {
    await rebaseStream(db, userId, parsed.data.lastProcessedSeq + 1);
    throw new HttpError(409, SEQ_REUSED, 'push stream behind the server: re-based', data);
  }
  return parsed.data;
}

/**
 * Numbers the user's open entries that carry a wire seq again, in their order, from `from`
 * on (where the server's sequence stands), and continues the stream after them. With
 * `resend` (a seq gap: the server's stream ends before `from`), the kept answered entries the
 * server answered at `from` or later go back into the outbox first (resend.ts): a server
 * restored from a backup lost them.
 */
export async function rebaseStream(
  db: SchlauchDb,
  userId: string,
  from: number,
  opts: { resend?: boolean } = {},
): Promise<void> {
  await db.transaction('rw', [db.outbox, db.meta, db.answeredBatches, db.syncLog], async () => {
    if (opts.resend) await resendAnswered(db, { userId, fromSeq: from });
    const client = await clientState(db, userId);
    const mine = withWireSeqs(
      await db.outbox.where('userId').equals(userId).toArray(),
      client.numbered,
    );
    const numbered = mine.filter((e) => e.seq !== null && isOpen(e));
    numbered.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    let seq = from - 1;
    const renumbered = numbered.map((e) => ({ ...e, seq: ++seq }));
    await db.outbox.bulkPut(renumbered);
    const withSeq = mine.filter((e) => e.seq !== null).map((e) => e.localSeq);
    await saveClientState(db, userId, {
      ...client,
      lastSeq: seq,
      broken: null,
      numbered: [],
      numberedTo: Math.max(0, ...withSeq),
    });
  });
}

/**
 * After a failed request: the batch is pending again (same seqs, now written onto its entries),
 * the failure noted. With `error` null the batch was never sent (numbered ahead, then not
 * sent): nothing changes — its seqs stay in the client state and it goes out first next time.
 */
export async function releaseBatch(
  db: SchlauchDb,
  batch: Batch,
  error: string | null,
  countAttempt: boolean,
): Promise<void> {
  if (error === null && !countAttempt) return;
  const seqs = new Map(batch.entries.map((e) => [e.localSeq, e.seq]));
  await db.transaction('rw', [db.outbox, db.meta], async () => {
    const stored = await db.outbox.bulkGet([...seqs.keys()]);
    const released = stored.flatMap((e) => (e && isOpen(e) ? [e] : []));
    for (const e of released) {
      e.seq ??= seqs.get(e.localSeq) ?? null;
      e.state = 'pending';
      if (error !== null) e.lastError = error;
      if (countAttempt) e.attempts += 1;
    }
    await db.outbox.bulkPut(released);
    const userId = batch.entries[0]?.userId;
    if (userId) await dropNumbered(db, userId, seqs.keys());
  });
}
