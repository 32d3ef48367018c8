// @vitest-environment node
/**
 * A restore starts a new sync epoch (server/src/sync/epoch.ts): a device that synced with the
 * server after its snapshot — its cursor and its push sequence are ahead of the restored
 * server — re-reads its data, keeps and re-sends its unsent and unconfirmed changes, and ends
 * in sync with the server: nothing it still had to send is lost, nothing the server lost stays
 * on it, and its push stream is re-based instead of ending "broken".
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowTable } from '@db/entity-repository';
import { cms } from '../helpers/cms';
import { loadConfig } from '@server/config';
import { running, testDatabases, type TestServer } from '../helpers/server';
import { device, hoseData, serverRows, startWorld, type World } from './harness';
import pg from 'pg';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

function script(name: string, args: string[], env: Record<string, string>) {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return run(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts', `${name}.ts`), ...args],
    {
      cwd: ROOT,
      env: { ...base, LOG_LEVEL: 'silent', ...env },
    },
  );
}

async function freshDatabase(url: string): Promise<string> {
  const name = `sm_epoch_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

describe.each(testDatabases())('a device across a restore on $name', ({ env }) => {
  let w: World;
  let restored: TestServer | null = null;
  const tmp = mkdtempSync(path.join(tmpdir(), 'sm-epoch-'));

  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    await restored?.close();
    await w.s.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('loses nothing it had to send and ends in sync', async () => {
    const name = `device-epoch-${Date.now()}`;
    const hose = (position: number, tag: string) => hoseData(w, position, tag);
    const d = device(w, w.staff, name);
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' }); // the machine comes down
    await d.mutate.create('pipe', hose(1, 'OLD'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });

    // The snapshot.
    const from = {
      DATA_DIR: w.s.config.dataDir,
      ...(w.s.config.databaseUrl ? { DATABASE_URL: w.s.config.databaseUrl } : {}),
    };
    const snapshot = path.join(tmp, 'snapshot');
    await script('backup', ['--out', snapshot], from);

    // After it: confirmed by the old server (lost by the restore), one whose answer is lost
    // (unconfirmed), and one never sent.
    await d.mutate.create('pipe', hose(2, 'GONE'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    await d.mutate.create('pipe', hose(3, 'UNCONFIRMED'));
    d.faults.match = (method, p) => method === 'POST' && p === '/api/sync/push';
    d.faults.next = ['drop-response'];
    expect((await d.engine.syncOnce()).kind).toBe('retry');
    d.faults.next = [];
    await d.mutate.create('pipe', hose(4, 'UNSENT'));

    // The restore, into a new data dir (and database), and a server on it.
    const dataDir = path.join(tmp, 'restored');
    const to: Record<string, string> = { DATA_DIR: dataDir };
    if (env.DATABASE_URL) to.DATABASE_URL = await freshDatabase(env.DATABASE_URL);
    await script('restore', [snapshot], to);
    // Built directly: startTestServer would give PostgreSQL a fresh database of its own.
    const config = loadConfig({
      PORT: '8080',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
      DIST_DIR: path.join(tmp, 'no-dist'),
      ...to,
    });
    const server = await running(config, {});
    restored = server;
    const after: World = { ...w, s: server, api: cms(server, w.staff) };

    // The same device (its database reopened) now talks to the restored server.
    d.db.close();
    const again = device(after, w.staff, name);
    for (let i = 0; i < 5; i++) {
      const outcome = await again.engine.syncOnce();
      expect(outcome.kind, JSON.stringify(outcome)).not.toBe('broken');
      if (outcome.kind === 'ok' && (await again.db.outbox.count()) === 0) break;
    }
    expect(await again.db.outbox.count()).toBe(0);
    const onServer = (await serverRows(after, 'machinepart/hosepipe', 'machine.id', w.ids.machine))
      .map((r) => String(r.code))
      .sort();
    expect(onServer).toEqual(['OLD-000001', 'UNCONFIRMED-000003', 'UNSENT-000004']);
    const onDevice = (await rowTable(again.db, 'pipe').toArray()).map((r) => String(r.code)).sort();
    expect(onDevice).toEqual(onServer);
    again.db.close();
  }, 120_000);
});
