// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import { Dexie } from 'dexie';
import {
  ANSWERED_MAX,
  ANSWERED_MAX_AGE_MS,
  ANSWERED_PRUNE_EVERY,
  answeredEntries,
  forgetAnswered,
  keepAnswered,
  type AnsweredEntry,
} from './answered';
import { openDatabase, VERSIONS, type SchlauchDb } from './database';

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

/** The local seqs the store holds, whether in the window or not. */
async function storedSeqs(db: SchlauchDb): Promise<number[]> {
  const batches = await db.answeredBatches.toArray();
  return batches.flatMap((b) => b.entries.map((e) => e.localSeq)).sort((a, b) => a - b);
}

describe('answered entries', () => {
  it('keeps the copies of one answered batch as one record', async () => {
    db = openDatabase(`db-${uuidv7()}`);
    const now = Date.parse('2026-11-28T12:00:00Z');
    await keepAnswered(db, [answered(3, now), answered(1, now), answered(2, now)], now);
    const batches = await db.answeredBatches.toArray();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ answeredAt: now, lastLocalSeq: 3 });
    expect(batches[0]?.entries.map((e) => e.localSeq)).toEqual([1, 2, 3]);
  });

  it(`keeps the entries of the newest ${ANSWERED_MAX} local seqs, none older than a week`, async () => {
    db = openDatabase(`db-${uuidv7()}`);
    const now = Date.parse('2026-11-28T12:00:00Z');
    const tooOld = answered(1, now - ANSWERED_MAX_AGE_MS - 1);
    const week = answered(2, now - ANSWERED_MAX_AGE_MS + 60_000, 'u2');
    await keepAnswered(db, [tooOld, week], now - ANSWERED_MAX_AGE_MS);
    expect(await storedSeqs(db)).toEqual([1, 2]);

    await keepAnswered(db, [answered(3, now)], now);
    expect((await answeredEntries(db, undefined, now)).map((e) => e.localSeq)).toEqual([2, 3]);
    expect((await answeredEntries(db, 'u2', now)).map((e) => e.localSeq)).toEqual([2]);

    const many = Array.from({ length: ANSWERED_MAX }, (_, i) => answered(10 + i, now));
    await keepAnswered(db, many, now);
    const kept = await answeredEntries(db, undefined, now);
    expect(kept).toHaveLength(ANSWERED_MAX);
    expect(kept[0]?.localSeq).toBe(10);
    expect(kept.at(-1)?.localSeq).toBe(9 + ANSWERED_MAX);
    // That batch crossed a multiple of the prune step: the batches before it are gone.
    expect(await storedSeqs(db)).toEqual(many.map((e) => e.localSeq));
  });

  it(`prunes once per ${ANSWERED_PRUNE_EVERY} local seqs, holding at most that many extra`, async () => {
    db = openDatabase(`db-${uuidv7()}`);
    const now = Date.parse('2026-11-28T12:00:00Z');
    let most = 0;
    const total = ANSWERED_MAX + 2 * ANSWERED_PRUNE_EVERY + 100;
    for (let seq = 1; seq <= total; seq += 100) {
      const batch = Array.from({ length: 100 }, (_, i) => answered(seq + i, now));
      await keepAnswered(db, batch, now);
      most = Math.max(most, (await storedSeqs(db)).length);
    }
    expect(most).toBeLessThanOrEqual(ANSWERED_MAX + ANSWERED_PRUNE_EVERY);
    const kept = await answeredEntries(db, undefined, now);
    expect(kept).toHaveLength(ANSWERED_MAX);
    expect(kept.at(-1)?.localSeq).toBe(total);
  });

  it('forgets entries that went back into the outbox, dropping a batch left empty', async () => {
    db = openDatabase(`db-${uuidv7()}`);
    const now = Date.parse('2026-11-28T12:00:00Z');
    await keepAnswered(db, [answered(1, now), answered(2, now)], now);
    await keepAnswered(db, [answered(3, now), answered(4, now)], now + 1);
    await forgetAnswered(db, [2, 3, 4]);
    expect(await storedSeqs(db)).toEqual([1]);
    expect(await db.answeredBatches.count()).toBe(1);
    expect((await db.answeredBatches.toArray())[0]?.lastLocalSeq).toBe(1);

    // Answered again after the resend: the later copy is the one read.
    const again = { ...answered(1, now + 2), seq: 41 };
    await keepAnswered(db, [again], now + 2);
    const kept = await answeredEntries(db, undefined, now + 2);
    expect(kept.map((e) => [e.localSeq, e.seq])).toEqual([[1, 41]]);
  });

  it('moves the entries a version 9 device kept one by one into batches', async () => {
    const name = `db-${uuidv7()}`;
    const v9 = new Dexie(name);
    VERSIONS.slice(0, 9).forEach((stores, i) => v9.version(i + 1).stores(stores));
    const now = Date.parse('2026-11-28T12:00:00Z');
    const first = [answered(1, now - 1000), answered(2, now - 1000)];
    const second = [answered(3, now, 'u2')];
    await v9.table('answered').bulkPut([...first, ...second]);
    v9.close();

    db = openDatabase(name);
    await db.open();
    expect(db.tables.map((t) => t.name)).not.toContain('answered');
    const batches = await db.answeredBatches.orderBy(':id').toArray();
    expect(batches.map((b) => [b.answeredAt, b.lastLocalSeq, b.entries.length])).toEqual([
      [now - 1000, 2, 2],
      [now, 3, 1],
    ]);
    expect(await answeredEntries(db, 'u2', now)).toEqual(second);
  });
});
