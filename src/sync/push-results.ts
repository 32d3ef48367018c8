/**
 * Stores the server's answers to a pushed batch, in ONE Dexie transaction (outbox, conflicts
 * and every table the answers touch), so an entry leaves the outbox exactly when its answer's
 * effect is stored:
 * - applied / duplicate → the entry is deleted and the server's row written (rebase.ts keeps
 *   any later local change on top); later updates of the record that were made on the same
 *   version move their baseVersion past this one, so our own edit never conflicts with us;
 * - conflict → kept as 'conflict', with a conflicts row holding mine/theirs per field;
 * - rejected → kept as 'rejected' with the error (its unsent dependants are then held);
 * - deferred → kept, retried after a backoff delay;
 * - no answer (the server stopped early) → pending again, same seq.
 */
import type { PushResponse, PushResult } from '../domain/sync-contract';
import type { SchlauchDb } from '../db/database';
import type { StoredRow, SyncedEntity } from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import type { OutboxEntry, PushError } from '../db/records';
import { backoffDelay } from './backoff';
import { recordEntries } from './outbox';
import { dropStaleOverlay, entryData, isStoredRow, writeAnswerRow } from './rebase';

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
  await db.transaction('rw', [db.outbox, db.conflicts, ...tables], async () => {
    for (const entry of entries) {
      const answer = answers.get(entry.mutationId);
      if (!answer) {
        tally.unanswered += 1;
        await db.outbox.put({ ...entry, state: 'pending' });
        continue;
      }
      tally[await applyAnswer(db, entry, answer, now)] += 1;
    }
  });
  return tally;
}

async function applyAnswer(
  db: SchlauchDb,
  entry: OutboxEntry,
  answer: PushResult,
  now: number,
): Promise<keyof PushTally> {
  switch (answer.status) {
    case 'applied':
    case 'duplicate':
      if (answer.httpStatus >= 400) return reject(db, entry, errorOf(answer));
      await db.outbox.delete(entry.localSeq);
      await storeResult(db, entry, answer.result);
      return 'applied';
    case 'conflict': {
      await db.outbox.put({ ...entry, state: 'conflict', lastError: 'conflict' });
      if (!entry.entity || !entry.recordId || !isStoredRow(answer.serverRow)) return 'conflict';
      const mine = entryData(entry);
      await db.conflicts.put({
        mutationId: entry.mutationId,
        entity: entry.entity,
        recordId: entry.recordId,
        fields: answer.fields,
        mine: Object.fromEntries(answer.fields.map((f) => [f, mine[f]])),
        theirs: Object.fromEntries(answer.fields.map((f) => [f, answer.serverRow[f]])),
        serverRow: answer.serverRow,
        createdAt: new Date(now).toISOString(),
      });
      await writeAnswerRow(db, entry.entity, answer.serverRow);
      return 'conflict';
    }
    case 'rejected':
      return reject(db, entry, answer.error);
    case 'deferred':
      await db.outbox.put({
        ...entry,
        state: 'deferred',
        attempts: entry.attempts + 1,
        nextAttemptAt: now + backoffDelay(entry.attempts),
        lastError: `waiting for files: ${answer.waitingFor.join(', ')}`,
      });
      return 'deferred';
  }
}

async function reject(db: SchlauchDb, entry: OutboxEntry, error: PushError) {
  const lastError = `${error.code}: ${error.message}`;
  await db.outbox.put({ ...entry, state: 'rejected', error, lastError });
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
async function storeResult(db: SchlauchDb, entry: OutboxEntry, result: unknown) {
  const entity: SyncedEntity | null = entry.entity;
  if (!entity || !entry.recordId) return;
  if (entry.kind === 'delete') {
    const left = await recordEntries(db, entry.recordId);
    if (left.length === 0) await rowTable(db, entity).delete(entry.recordId);
    return;
  }
  const row = answerRowOf(result, entry.recordId);
  if (!row) return;
  if (entry.kind === 'update' && entry.baseVersion === row.version - 1) {
    await rebaseFollowers(db, entry, row);
  }
  const written = await writeAnswerRow(db, entity, row);
  // Older than the local row (a replayed duplicate after a newer pull): this entry's overlay
  // on that newer row is stale now that the entry is gone.
  if (!written && entry.kind === 'update') await dropStaleOverlay(db, entity, entry);
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
async function rebaseFollowers(db: SchlauchDb, applied: OutboxEntry, row: StoredRow) {
  for (const e of await recordEntries(db, row.id)) {
    if (e.kind !== 'update' || e.seq !== null || e.baseVersion !== applied.baseVersion) continue;
    const body = { ...(e.body as object), baseVersion: row.version };
    await db.outbox.put({ ...e, baseVersion: row.version, body });
  }
}
