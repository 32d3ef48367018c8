// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import {
  ANSWERED_MAX,
  ANSWERED_MAX_AGE_MS,
  ANSWERED_PRUNE_EVERY,
  answeredEntries,
  keepAnswered,
  type AnsweredEntry,
} from './answered';
import { openDatabase, type SchlauchDb } from './database';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

function answered(localSeq: number, answeredAt: number, userId = 'u1'): AnsweredEntry {
  return {
    localSeq,
    seq: localSeq,
    mutationId: uuidv7(),
    userId,
    name: 'cms.create',
    method: 'POST',
    path: '/api/cms/machine',
    body: {},
    recordId: uuidv7(),
    baseVersion: null,
    changedFields: null,
    dependsOn: [],
    schemaVersion: 1,
    kind: 'create',
    entity: 'machine',
    state: 'pending',
    attempts: 0,
    lastError: null,
    error: null,
    nextAttemptAt: null,
    undo: null,
    createdAt: new Date(answeredAt).toISOString(),
    answeredAt,
    clientId: 'c1',
  };
}

describe('answered entries', () => {
  it(`keeps the newest ${ANSWERED_MAX} answered entries, none older than a week`, async () => {
    db = openDatabase(`db-${uuidv7()}`);
    const now = Date.parse('2026-11-28T12:00:00Z');
    const tooOld = answered(1, now - ANSWERED_MAX_AGE_MS - 1);
    const week = answered(2, now - ANSWERED_MAX_AGE_MS + 60_000, 'u2');
    await keepAnswered(db, [tooOld, week], now - ANSWERED_MAX_AGE_MS);
    expect(await db.answered.count()).toBe(2);

    await keepAnswered(db, [answered(3, now)], now);
    expect((await answeredEntries(db, undefined, now)).map((e) => e.localSeq)).toEqual([2, 3]);
    expect((await answeredEntries(db, 'u2', now)).map((e) => e.localSeq)).toEqual([2]);

    const many = Array.from({ length: ANSWERED_MAX }, (_, i) => answered(10 + i, now));
    await keepAnswered(db, many, now);
    const kept = await answeredEntries(db, undefined, now);
    expect(kept).toHaveLength(ANSWERED_MAX);
    expect(kept[0]?.localSeq).toBe(10);
    expect(kept.at(-1)?.localSeq).toBe(9 + ANSWERED_MAX);
    // That batch crossed a multiple of the prune step: the table holds the window only.
    expect(await db.answered.count()).toBe(ANSWERED_MAX);
  });

  it(`prunes once per ${ANSWERED_PRUNE_EVERY} local seqs, holding at most that many extra`, async () => {
    db = openDatabase(`db-${uuidv7()}`);
    const now = Date.parse('2026-11-28T12:00:00Z');
    let most = 0;
    const total = ANSWERED_MAX + 2 * ANSWERED_PRUNE_EVERY + 100;
    for (let seq = 1; seq <= total; seq += 100) {
      const batch = Array.from({ length: 100 }, (_, i) => answered(seq + i, now));
      await keepAnswered(db, batch, now);
      most = Math.max(most, await db.answered.count());
    }
    expect(most).toBeLessThanOrEqual(ANSWERED_MAX + ANSWERED_PRUNE_EVERY);
    const kept = await answeredEntries(db, undefined, now);
    expect(kept).toHaveLength(ANSWERED_MAX);
    expect(kept.at(-1)?.localSeq).toBe(total);
  });
});
