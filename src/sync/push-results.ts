/**
 * Stores the server's answers to a pushed batch, in ONE Dexie transaction (outbox, conflicts, meta
 * and every table the answers touch), so an entry leaves the outbox exactly when its answer's
 * effect is stored:
 * - applied / duplicate → the entry is deleted and the server's row written (rebase.ts keeps
 *   any later local change on top); later updates of the record that were made on the same
 *   version move their baseVersion past this one, so our own edit never conflicts with us; a
 *   copy of the entry is kept for a while (db/answered.ts) in case the server is restored;
 * - conflict → kept as 'conflict', with a conflicts row holding mine/theirs per field;
 * - rejected → kept as 'rejected' with the error (its unsent dependants are then held);
 * - deferred → kept, retried after a backoff delay — except an entry sent again to a restored
 *   server (sync/resend.ts) whose files neither the server nor the device holds any more: no
 *   upload can ever come, so it is refused here (`file_lost`) and shows on *Sync issues*
 *   instead of holding up every entry behind it;
 * - no answer (the server stopped early) → pending again, same seq.
 *
 * The batch is applied in bulk: one round trip reads the local rows and the
 * queued entries of every answered record, the answers are worked out in memory in order (an
 * answer sees what the ones before it changed), and one round trip writes the result — instead
 * of about six requests one after another per entry.
 */
import type { PushResponse, PushResult } from '../domain/sync-contract';
import type { SchlauchDb } from '../db/database';
import type { StoredRow, SyncedEntity } from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import { readKeys } from '../db/keyed-read';
import { keepAnswered, type AnsweredEntry } from '../db/answered';
import {
  allNumbered,
  clientKey,
  clientStreams,
  withoutNumbered,
  type ClientState,
} from '../db/meta-repository';
import type { ConflictRecord, OutboxEntry, PushError } from '../db/records';
import { appendSyncLog } from '../db/sync-log';
import { backoffDelay } from './backoff';
import { answerEvent } from './flight-recorder';
import { entriesOfRecords, withWireSeqs } from './outbox';
import { entryData, isStoredRow, overlayEntries, withServerBase } from './rebase';

export interface PushTally {
  applied: number;
  conflict: number;
  rejected: number;
  deferred: number;
  unanswered: number;
}

export async function applyPushResponse(
  db: SchlauchDb,
  entries: readonly OutboxEntry[],
  response: PushResponse,
  now: number = Date.now(),
): Promise<PushTally> {
  const answers = new Map(response.results.map((r) => [r.mutationId, r]));
  const tally: PushTally = { applied: 0, conflict: 0, rejected: 0, deferred: 0, unanswered: 0 };
  const entities = [...new Set(entries.flatMap((e) => (e.entity ? [e.entity] : [])))];
  const tables = entities.map((e) => rowTable(db, e));
  const waitedFor = [
    ...new Set(response.results.flatMap((r) => (r.status === 'deferred' ? r.waitingFor : []))),
  ];
  const tx = [
    db.outbox,
    db.conflicts,
    db.meta,
    db.syncLog,
    db.answeredBatches,
    db.blobs,
    ...tables,
  ];
  await db.transaction('rw', tx, async () => {
    const [work, held] = await Promise.all([
      Working.load(db, entries),
      waitedFor.length > 0 ? db.blobs.where(':id').anyOf(waitedFor).primaryKeys() : [],
    ]);
    work.heldFiles = new Set(held);
    for (const entry of entries) {
      const answer = answers.get(entry.mutationId);
      if (!answer) {
        tally.unanswered += 1;
        work.putEntry({ ...work.current(entry), state: 'pending' });
        continue;
      }
      tally[applyAnswer(work, entry, answer, now)] += 1;
    }
    // The flight recorder's events, stored with the answers' effects (db/sync-log.ts).
    const events = entries.map((e) => answerEvent(e, answers.get(e.mutationId)));
    await Promise.all([
      work.flush(db),
      appendSyncLog(db, events, new Date(now).toISOString()),
      keepAnswered(db, work.answered, now),
    ]);
  });
  return tally;
}

const rowKey = (entity: SyncedEntity, id: string) => `${entity}\u0000${id}`;

/**
 * The rows and outbox entries a batch's answers touch, read at once and changed in memory;
 * `flush` writes what changed in one go.
 */
class Working {
  private readonly rows = new Map<string, { entity: SyncedEntity; row: StoredRow | null }>();
  private readonly changedRows = new Set<string>();
  private readonly byRecord = new Map<string, OutboxEntry[]>();
  private readonly puts = new Map<number, OutboxEntry>();
  private readonly deletes = new Set<number>();
  readonly conflicts: ConflictRecord[] = [];
  /** Copies of the entries answered applied or duplicate, to keep (db/answered.ts). */
  readonly answered: AnsweredEntry[] = [];
  /** The files the server waits for that the device still holds (it uploads those). */
  heldFiles = new Set<string>();
  /** The client streams (meta key → state), for their numbered seqs. */
  private streams = new Map<string, ClientState>();

  static async load(db: SchlauchDb, entries: readonly OutboxEntry[]): Promise<Working> {
    const work = new Working();
    const recordIds = [...new Set(entries.flatMap((e) => (e.recordId ? [e.recordId] : [])))];
    const idsOf = new Map<SyncedEntity, Set<string>>();
    for (const e of entries) {
      if (!e.entity || !e.recordId) continue;
      idsOf.set(e.entity, (idsOf.get(e.entity) ?? new Set()).add(e.recordId));
    }
    const [queued, streams, ...rows] = await Promise.all([
      entriesOfRecords(db, recordIds),
      clientStreams(db),
      ...[...idsOf].map(async ([entity, ids]) => {
        const found = new Map(
          (await readKeys(rowTable(db, entity), ':id', [...ids], (r) => r.id)).map((r) => [
            r.id,
            r,
          ]),
        );
        return [...ids].map((id) => ({ entity, id, row: found.get(id) ?? null }));
      }),
    ]);
    work.streams = streams;
    for (const e of withWireSeqs(queued, allNumbered(streams))) {
      const list = work.byRecord.get(e.recordId!) ?? [];
      list.push(e);
      work.byRecord.set(e.recordId!, list);
    }
    for (const r of rows.flat()) work.rows.set(rowKey(r.entity, r.id), r);
    return work;
  }

  /** The record's queued entries in local order, as changed so far. */
  entriesOf(recordId: string): OutboxEntry[] {
    return this.byRecord.get(recordId) ?? [];
  }

  /** The entry as changed so far in this batch (the batch's copy may be older). */
  current(entry: OutboxEntry): OutboxEntry {
    const list = entry.recordId ? this.entriesOf(entry.recordId) : [];
    return (
      this.puts.get(entry.localSeq) ?? list.find((e) => e.localSeq === entry.localSeq) ?? entry
    );
  }

  putEntry(entry: OutboxEntry): void {
    this.puts.set(entry.localSeq, entry);
    this.deletes.delete(entry.localSeq);
    if (!entry.recordId) return;
    const list = this.entriesOf(entry.recordId).filter((e) => e.localSeq !== entry.localSeq);
    list.push(entry);
    this.byRecord.set(
      entry.recordId,
      list.sort((a, b) => a.localSeq - b.localSeq),
    );
  }

  /** Keeps a copy of an entry the server answered at `seq`, in its user's client stream. */
  keepAnswered(entry: OutboxEntry, seq: number, now: number): void {
    const clientId = this.streams.get(clientKey(entry.userId))?.clientId;
    if (clientId) this.answered.push({ ...entry, seq, answeredAt: now, clientId });
  }

  deleteEntry(entry: OutboxEntry): void {
    this.puts.delete(entry.localSeq);
    this.deletes.add(entry.localSeq);
    if (!entry.recordId) return;
    const list = this.entriesOf(entry.recordId).filter((e) => e.localSeq !== entry.localSeq);
    this.byRecord.set(entry.recordId, list);
  }

  row(entity: SyncedEntity, id: string): StoredRow | null {
    return this.rows.get(rowKey(entity, id))?.row ?? null;
  }

  setRow(entity: SyncedEntity, id: string, row: StoredRow | null): void {
    const key = rowKey(entity, id);
    this.rows.set(key, { entity, row });
    this.changedRows.add(key);
  }

  async flush(db: SchlauchDb): Promise<void> {
    const writes: Promise<unknown>[] = [];
    for (const [from, to] of keyRuns(this.deletes)) {
      // A run of answered entries goes in one request (a key range), not one per entry.
      writes.push(
        from === to
          ? db.outbox.delete(from)
          : db.outbox.where(':id').between(from, to, true, true).delete(),
      );
    }
    if (this.puts.size > 0) writes.push(db.outbox.bulkPut([...this.puts.values()]));
    // Deleted entries, and kept ones (written with their seq), leave the streams' numbered seqs.
    for (const [key, state] of this.streams) {
      const changed = withoutNumbered(state, (l) => this.deletes.has(l) || this.puts.has(l));
      if (changed) writes.push(db.meta.put({ key, value: changed }));
    }
    if (this.conflicts.length > 0) writes.push(db.conflicts.bulkPut(this.conflicts));
    const byTable = new Map<SyncedEntity, { put: StoredRow[]; del: string[] }>();
    for (const key of this.changedRows) {
      const { entity, row } = this.rows.get(key)!;
      const t = byTable.get(entity) ?? { put: [], del: [] };
      if (row) t.put.push(row);
      else t.del.push(key.slice(key.indexOf('\u0000') + 1));
      byTable.set(entity, t);
    }
    for (const [entity, { put, del }] of byTable) {
      const table = rowTable(db, entity);
      if (del.length > 0) writes.push(table.bulkDelete(del));
      if (put.length > 0) writes.push(table.bulkPut(put));
    }
    await Promise.all(writes);
  }
}

/** Integer keys as runs of consecutive ones: {1, 2, 3, 7} → [1, 3], [7, 7]. */
export function keyRuns(keys: Iterable<number>): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const key of [...keys].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && key === last[1] + 1) last[1] = key;
    else runs.push([key, key]);
  }
  return runs;
}

function applyAnswer(
  work: Working,
  batchEntry: OutboxEntry,
  answer: PushResult,
  now: number,
): keyof PushTally {
  const entry = work.current(batchEntry);
  switch (answer.status) {
    case 'applied':
    case 'duplicate':
      if (answer.httpStatus >= 400) return reject(work, entry, errorOf(answer));
      work.deleteEntry(entry);
      work.keepAnswered(entry, answer.seq, now);
      storeResult(work, entry, answer.result);
      return 'applied';
    case 'conflict': {
      work.putEntry({ ...entry, state: 'conflict', lastError: 'conflict' });
      if (!entry.entity || !entry.recordId || !isStoredRow(answer.serverRow)) return 'conflict';
      const mine = entryData(entry);
      work.conflicts.push({
        mutationId: entry.mutationId,
        entity: entry.entity,
        recordId: entry.recordId,
        fields: answer.fields,
        mine: Object.fromEntries(answer.fields.map((f) => [f, mine[f]])),
        theirs: Object.fromEntries(answer.fields.map((f) => [f, answer.serverRow[f]])),
        serverRow: answer.serverRow,
        createdAt: new Date(now).toISOString(),
      });
      writeAnswerRow(work, entry.entity, answer.serverRow);
      return 'conflict';
    }
    case 'rejected':
      return reject(work, entry, answer.error);
    case 'deferred':
      if (entry.resent && answer.waitingFor.some((id) => !work.heldFiles.has(id))) {
        return reject(work, entry, {
          status: 410,
          code: 'file_lost',
          message: 'sync:refusal.fileLost',
        });
      }
      work.putEntry({
        ...entry,
        state: 'deferred',
        attempts: entry.attempts + 1,
        nextAttemptAt: now + backoffDelay(entry.attempts),
        lastError: `waiting for files: ${answer.waitingFor.join(', ')}`,
      });
      return 'deferred';
  }
}

function reject(work: Working, entry: OutboxEntry, error: PushError) {
  const lastError = `${error.code}: ${error.message}`;
  work.putEntry({ ...entry, state: 'rejected', error, lastError });
  return 'rejected' as const;
}

function errorOf(answer: { httpStatus: number; result: unknown }): PushError {
  const r = (answer.result ?? {}) as Partial<PushError>;
  return {
    status: answer.httpStatus,
    code: typeof r.code === 'string' ? r.code : 'http_error',
    message: typeof r.message === 'string' ? r.message : `HTTP ${answer.httpStatus}`,
  };
}

/** Writes an applied call's row (or removes a deleted one) and rebases later updates. */
function storeResult(work: Working, entry: OutboxEntry, result: unknown) {
  const entity: SyncedEntity | null = entry.entity;
  if (!entity || !entry.recordId) return;
  if (entry.kind === 'delete') {
    if (work.entriesOf(entry.recordId).length === 0) work.setRow(entity, entry.recordId, null);
    return;
  }
  const row = answerRowOf(result, entry.recordId);
  if (!row) return;
  if (entry.kind === 'update' && entry.baseVersion === row.version - 1) {
    rebaseFollowers(work, entry, row);
  }
  const written = writeAnswerRow(work, entity, row);
  // Older than the local row (a replayed duplicate after a newer pull): this entry's overlay
  // on that newer row is stale now that the entry is gone.
  if (!written && entry.kind === 'update') dropStaleOverlay(work, entity, entry);
}

/**
 * Writes a row that came back in a push answer, with the record's queued changes laid over it
 * (as rebase.ts writeServerRow does on the pull). An answer can be older than what the pull already
 * applied (a replayed `duplicate` returns the row as it was first stored): it never replaces a
 * newer local row, nor brings back a row the device no longer has — the pull deleted it since,
 * and the pull is the truth about every change after the call. False when nothing was written.
 */
function writeAnswerRow(work: Working, entity: SyncedEntity, serverRow: StoredRow): boolean {
  const local = work.row(entity, serverRow.id);
  if (!local || local.version > serverRow.version) return false;
  const queued = work.entriesOf(serverRow.id);
  work.setRow(entity, serverRow.id, overlayEntries(serverRow, queued));
  for (const e of withServerBase(serverRow, queued)) work.putEntry(e);
  return true;
}

/**
 * An update the server has taken was answered with a row older than the local one: the local
 * row still shows the entry's values over the newer server row. Put back the newer row's own
 * values of the entry's fields (its remembered server base) and lay the record's remaining
 * entries over again.
 */
function dropStaleOverlay(work: Working, entity: SyncedEntity, entry: OutboxEntry) {
  if (!entry.recordId || !entry.serverBase) return;
  const local = work.row(entity, entry.recordId);
  if (!local || local.version !== entry.serverBase.version) return;
  const restored = { ...local, ...entry.serverBase.values } as StoredRow;
  work.setRow(entity, entry.recordId, overlayEntries(restored, work.entriesOf(entry.recordId)));
}

/**
 * The answered record's row: the answer itself, or — for a shop call on one cart line, which
 * answers with the whole cart — that line among the cart's `items`. Without it the device kept
 * the line as the last pull had it (the old quantity) until the next pull.
 */
function answerRowOf(result: unknown, recordId: string): StoredRow | null {
  if (isStoredRow(result) && result.id === recordId) return result;
  const items = (result as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  const item: unknown = items.find((i) => isStoredRow(i) && i.id === recordId);
  return isStoredRow(item) ? item : null;
}

/**
 * Unsent updates made on the same version as `applied` were made on top of it locally: the
 * server row right after it (no one else's change in between) is their true base.
 */
function rebaseFollowers(work: Working, applied: OutboxEntry, row: StoredRow) {
  for (const e of work.entriesOf(row.id)) {
    if (e.kind !== 'update' || e.seq !== null || e.baseVersion !== applied.baseVersion) continue;
    const body = { ...(e.body as object), baseVersion: row.version };
    work.putEntry({ ...e, baseVersion: row.version, body });
  }
}
