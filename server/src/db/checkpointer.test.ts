/**
 * The write-ahead log is folded back on the checkpointer thread: after a quiet second the next
 * writes reuse the log from its start instead of growing it (without the thread, SQLite would
 * only checkpoint inside a commit past 20 000 pages).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type Db } from './database';

let db: Db;
let dir: string;
const wal = () => statSync(path.join(dir, 'schlauchmanager.sqlite-wal')).size;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sm-wal-'));
  db = openDb({ databaseUrl: null, dataDir: dir });
  await sql`create table filler (id integer primary key, body text)`.execute(db.kysely);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function write(rows: number) {
  const body = 'x'.repeat(2_000);
  await db.kysely.transaction().execute(async (tx) => {
    for (let i = 0; i < rows; i++)
      await sql`insert into filler (body) values (${body})`.execute(tx);
  });
}

it('checkpoints off the request path, so the log is reused instead of growing', async () => {
  await write(400); // ≈ 200 pages
  const first = wal();
  expect(first).toBeGreaterThan(400 * 2_000);
  // Quiet for more than a second: the thread checkpoints the whole log.
  await new Promise((r) => setTimeout(r, 1_800));
  await write(400);
  expect(wal()).toBeLessThan(first * 1.5);
});
