// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import {
  ANSWERED_MAX,
  ANSWERED_MAX_AGE_MS,
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
    expect((await answeredEntries(db)).map((e) => e.localSeq)).toEqual([2, 3]);
    expect((await answeredEntries(db, 'u2')).map((e) => e.localSeq)).toEqual([2]);

    const many = Array.from({ length: ANSWERED_MAX }, (_, i) => answered(10 + i, now));
    await keepAnswered(db, many, now);
    const kept = await answeredEntries(db);
    expect(kept).toHaveLength(ANSWERED_MAX);
    expect(kept[0]?.localSeq).toBe(10);
    expect(kept.at(-1)?.localSeq).toBe(9 + ANSWERED_MAX);
  });
});
