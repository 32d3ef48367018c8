/**
 * A sync push takes change numbers in blocks (reserveAhead). Numbers stay unique and rising
 * across transactions, also when the mutation that reserved a block is rolled back to its
 * savepoint (the counter goes back with it, so the block must be forgotten).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb, type Db } from '../db/database';
import { forgetReserved, nextChangeSeq, reserveAhead } from './change-seq';

let db: Db;
let dir: string;
const k = () => db.store;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sm-seq-'));
  db = openDb({ databaseUrl: null, dataDir: dir });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('change numbers in blocks', () => {
  it('hands out a block in order with one counter update, the next transaction after it', async () => {
    const taken = await k()
      .transaction()
      .execute(async (tx) => {
        reserveAhead(tx, 5);
        const seqs: number[] = [];
        for (let i = 0; i < 7; i++) seqs.push(await nextChangeSeq(tx));
        return seqs;
      });
    expect(taken).toEqual(taken.map((_, i) => taken[0]! + i));
    const later = await k()
      .transaction()
      .execute((tx) => nextChangeSeq(tx));
    // The second block's unused numbers are a gap; the next writer comes after them.
    expect(later).toBeGreaterThan(taken.at(-1)!);
  });

  it('forgets a block reserved in a savepoint that was rolled back', async () => {
    const [kept, afterRollback] = await k()
      .transaction()
      .execute(async (tx) => {
        reserveAhead(tx, 10);
        await sql`savepoint m`.execute(tx);
        await nextChangeSeq(tx); // reserves the block inside the savepoint
        await sql`rollback to savepoint m`.execute(tx);
        await sql`release savepoint m`.execute(tx);
        forgetReserved(tx);
        const a = await nextChangeSeq(tx);
        const b = await nextChangeSeq(tx);
        return [a, b];
      });
    const next = await k()
      .transaction()
      .execute((tx) => nextChangeSeq(tx));
    // Without forgetting, the block would have come from a counter that the rollback undid,
    // and `next` would repeat numbers already handed out.
    expect(next).toBeGreaterThan(afterRollback);
    expect(afterRollback).toBe(kept + 1);
  });
});
