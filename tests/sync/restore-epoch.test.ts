// @vitest-environment node
/**
 * A restore starts a new sync epoch (server/src/sync/epoch.ts): a device that synced with the
 * server after its snapshot — its cursor and its push sequence are ahead of the restored
 * server — re-reads its data, keeps and re-sends its unsent and unconfirmed changes, sends
 * again what the old server confirmed after the snapshot (docs/sync.md "No dead ends"), and
 * ends in sync with the server: nothing is lost, nothing applied twice, and its push stream is
 * re-based instead of ending "broken".
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowTable } from '@db/entity-repository';
import { readSyncLog } from '@db/sync-log';
import { cms } from '../helpers/cms';
import { loadConfig } from '@server/config';
import { running, testDatabases, type TestServer } from '../helpers/server';
import { device, hoseData, serverRows, startWorld, type Device, type World } from './harness';
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
  const restored: TestServer[] = [];
  const tmp = mkdtempSync(path.join(tmpdir(), 'sm-epoch-'));

  beforeAll(async () => {
    w = await startWorld(env);
  });
  afterAll(async () => {
    for (const server of restored) await server.close();
    await w.s.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** A backup of the world's server now (scripts/backup.ts). */
  async function snapshotNow(label: string): Promise<string> {
    const from = {
      DATA_DIR: w.s.config.dataDir,
      ...(w.s.config.databaseUrl ? { DATABASE_URL: w.s.config.databaseUrl } : {}),
    };
    const snapshot = path.join(tmp, `snapshot-${label}`);
    await script('backup', ['--out', snapshot], from);
    return snapshot;
  }

  /** The snapshot restored into a new data dir (and database), and a server on it. */
  async function restore(snapshot: string, label: string): Promise<World> {
    const dataDir = path.join(tmp, `restored-${label}`);
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
    restored.push(server);
    return { ...w, s: server, api: cms(server, w.staff) };
  }

  /** Syncs until the outbox is empty; no outcome is a dead end. */
  async function syncToEnd(d: Device): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const outcome = await d.engine.syncOnce();
      expect(outcome.kind, JSON.stringify(outcome)).not.toBe('broken');
      if (outcome.kind === 'ok' && (await d.db.outbox.count()) === 0) break;
    }
    expect(await d.db.outbox.count()).toBe(0);
  }

  it('loses nothing it had to send and ends in sync', async () => {
    const name = `device-epoch-${Date.now()}`;
    const hose = (position: number, tag: string) => hoseData(w, position, tag);
    const d = device(w, w.staff, name);
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' }); // the machine comes down
    const old = await d.mutate.create('pipe', hose(1, 'OLD'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });

    const snapshot = await snapshotNow('a');

    // After it: confirmed by the old server (lost by the restore: a create and an update of
    // it), one whose answer is lost (unconfirmed), and one never sent.
    const gone = await d.mutate.create('pipe', hose(2, 'GONE'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    await d.mutate.update('pipe', gone.id, { comment: 'confirmed after the snapshot' });
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(await d.db.outbox.count()).toBe(0);
    await d.mutate.create('pipe', hose(3, 'UNCONFIRMED'));
    d.faults.match = (method, p) => method === 'POST' && p === '/api/sync/push';
    d.faults.next = ['drop-response'];
    expect((await d.engine.syncOnce()).kind).toBe('retry');
    d.faults.next = [];
    await d.mutate.create('pipe', hose(4, 'UNSENT'));

    const after = await restore(snapshot, 'a');

    // The same device (its database reopened) now talks to the restored server.
    d.db.close();
    const again = device(after, w.staff, name);
    await syncToEnd(again);
    const onServer = (await serverRows(after, 'machinepart/hosepipe', 'machine.id', w.ids.machine))
      .map((r) => String(r.code))
      .sort();
    expect(onServer).toEqual(['GONE-000002', 'OLD-000001', 'UNCONFIRMED-000003', 'UNSENT-000004']);
    const [goneRow] = await serverRows(after, 'machinepart/hosepipe', 'id', gone.id);
    expect(goneRow).toMatchObject({ comment: 'confirmed after the snapshot', version: 2 });
    // Answered before the snapshot: sent again on the new epoch, answered duplicate, applied once.
    const [oldRow] = await serverRows(after, 'machinepart/hosepipe', 'id', old.id);
    expect(oldRow).toMatchObject({ version: 1 });
    const log = await readSyncLog(again.db);
    const oldEvents = log.filter((e) => e.recordId === old.id).map((e) => e.event);
    const resentOld = oldEvents.slice(oldEvents.indexOf('resent'));
    expect(resentOld).toContain('duplicate');
    expect(resentOld).not.toContain('applied');
    const goneEvents = log.filter((e) => e.recordId === gone.id).map((e) => e.event);
    // Sent again at the seq gap (applied), and once more for the new epoch (duplicate).
    const resentGone = goneEvents.slice(goneEvents.indexOf('resent'));
    expect(resentGone.filter((e) => e === 'applied')).toHaveLength(2);
    expect(await again.db.conflicts.count()).toBe(0);
    const onDevice = (await rowTable(again.db, 'pipe').toArray()).map((r) => String(r.code)).sort();
    expect(onDevice).toEqual(onServer);
    const [goneHere] = await rowTable(again.db, 'pipe').where('id').equals(gone.id).toArray();
    expect(goneHere).toMatchObject({ comment: 'confirmed after the snapshot' });
    again.db.close();
  }, 120_000);

  it('sends again what the server confirmed after the snapshot when nothing else is queued', async () => {
    const name = `device-epoch-idle-${Date.now()}`;
    const d = device(w, w.staff, name);
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    const before = await d.mutate.create('pipe', hoseData(w, 1, 'IDLE-BEFORE'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    const snapshot = await snapshotNow('b');
    const lost = await d.mutate.create('pipe', hoseData(w, 2, 'IDLE-LOST'));
    expect(await d.engine.syncOnce()).toEqual({ kind: 'ok' });
    // Nothing left to send: only the new epoch in the pull shows the server lost something.
    expect(await d.db.outbox.count()).toBe(0);

    const after = await restore(snapshot, 'b');
    d.db.close();
    const again = device(after, w.staff, name);
    await syncToEnd(again);
    const [lostRow] = await serverRows(after, 'machinepart/hosepipe', 'id', lost.id);
    expect(lostRow).toMatchObject({ code: 'IDLE-LOST-000002', version: 1 });
    const [beforeRow] = await serverRows(after, 'machinepart/hosepipe', 'id', before.id);
    expect(beforeRow).toMatchObject({ version: 1 });
    const log = await readSyncLog(again.db);
    const eventsOf = (id: string) => log.filter((e) => e.recordId === id).map((e) => e.event);
    expect(eventsOf(before.id).slice(eventsOf(before.id).indexOf('resent'))).toContain('duplicate');
    expect(eventsOf(lost.id).slice(eventsOf(lost.id).indexOf('resent'))).toContain('applied');
    const onDevice = await rowTable(again.db, 'pipe').where('id').equals(lost.id).count();
    expect(onDevice).toBe(1);
    again.db.close();
  }, 120_000);
});
