// @vitest-environment node
/**
 * docs/sync.md: the server process is killed (SIGKILL, no shutdown) while it
 * applies a push batch. A batch commits in one transaction, so the database holds either none
 * of it or all of it, and the client's `lastProcessedSeq` on the server never runs ahead of
 * what was applied. After a restart the device sends again and every record exists once.
 *
 * The server runs as a real child process (`server/src/main.ts`) on a SQLite data dir; the
 * device's engine talks to it over HTTP with the real fetch.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { create } from 'zustand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { openDatabase } from '@db/database';
import { SyncEngine } from '@sync/engine';
import { createMutator } from '@sync/mutate';
import { initialSyncStatus, type SyncStatus } from '@sync/sync-store';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { startTestServer } from '../helpers/server';
import { freePort } from '@tests/fixtures/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BATCH = 200;

function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
    },
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        const res = await fetch(`http://localhost:${port}/api/health`);
        if (res.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() > deadline) {
        return reject(new Error('server did not start'));
      }
      setTimeout(() => void poll(), 100);
    };
    void poll();
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('a server killed in the middle of a push batch', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-crash-'));
  let staff: Actor;
  let machineId: string;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    // Prepare the database in-process (users' keys, a machine), then hand it to a real process.
    const s = await startTestServer({ DEMO_DATA: 'off', DATA_DIR: dataDir });
    staff = await actor(s, { roles: STAFF_ALL });
    const api = cms(s, staff);
    const company = uuidv7();
    const manufacturer = uuidv7();
    machineId = uuidv7();
    await api.create('company', { id: company, name: 'Crash GmbH' });
    await api.create('manufacturer', { id: manufacturer, name: 'Hydac' });
    await api.create('machine', {
      id: machineId,
      companyId: company,
      manufacturerId: manufacturer,
      internalId: 'C-1',
    });
    await s.app.close();
  }, 60_000);

  afterAll(async () => {
    if (child) await killed(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps nothing beyond lastProcessedSeq; the retry completes with every hose once', async () => {
    const port = await freePort();
    child = await startServer(dataDir, port);
    const db = openDatabase(`crash-${uuidv7()}`);
    let pushSent: (() => void) | null = null;
    const engine = new SyncEngine({
      db,
      fetch: (input, init) => {
        if (String(input).includes('/api/sync/push')) pushSent?.();
        return fetch(input, init);
      },
      baseUrl: `http://localhost:${port}`,
      getToken: () => staff.token,
      getUserId: () => staff.id,
      locks: null,
      random: () => 0,
      store: create<SyncStatus>()(() => ({ ...initialSyncStatus })),
    });
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' }); // pulls the machine
    const mutate = createMutator({ db, getUserId: () => staff.id });
    for (let i = 1; i <= BATCH; i++) {
      await mutate.create('pipe', {
        machineId,
        position: i,
        code: `KILL-${String(i).padStart(6, '0')}`,
      });
    }

    // Kill the server while it works on the batch: 30 ms after the push went out (applying
    // 200 hoses takes the server several times that).
    const sent = new Promise<void>((resolve) => (pushSent = resolve));
    const running = engine.syncOnce();
    await sent;
    await new Promise((r) => setTimeout(r, 30));
    await killed(child);
    const outcome = await running;
    expect(outcome.kind).toBe('retry');
    expect(await db.outbox.count()).toBe(BATCH); // nothing answered, nothing dropped

    // What the dead server left on disk: all of the batch or none, and the seq agrees.
    const file = new Database(path.join(dataDir, 'schlauchmanager.sqlite'), { readonly: true });
    const pipes = file.prepare(`select count(*) as n from pipe where code like 'KILL-%'`).get() as {
      n: number;
    };
    const client = file.prepare('select last_seq as lastSeq from sync_client').get() as
      { lastSeq: number } | undefined;
    file.close();
    expect([0, BATCH]).toContain(pipes.n);
    expect(Number(client?.lastSeq ?? 0)).toBe(pipes.n === 0 ? 0 : BATCH);

    // Restart on the same data; the device sends again.
    child = await startServer(dataDir, port);
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await db.outbox.count()).toBe(0);
    const after = new Database(path.join(dataDir, 'schlauchmanager.sqlite'), { readonly: true });
    const rows = after
      .prepare(`select code, count(*) as n from pipe where code like 'KILL-%' group by code`)
      .all() as { code: string; n: number }[];
    after.close();
    expect(rows).toHaveLength(BATCH);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    await db.delete();
  }, 120_000);
});
