/**
 * `npm run backup` / `npm run restore`: rows and uploaded files made through the
 * real server are backed up while that server keeps writing, restored into a fresh data dir
 * (and, on PostgreSQL, a fresh database), and a server started there serves the same rows and
 * the same file bytes — to the same token, since the provider's keys are data too.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '@server/app';
import { loadConfig } from '@server/config';
import { actor, type Actor } from '../helpers/cms';
import { tinyJpeg, tinyPng } from '../helpers/files';
import { onPath } from '../../scripts/backup-lib';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { uuidv7 } from '@domain/ids';
import { dguvSeeder, seedHoses } from './reports-dguv-seed';
import { buildWorld, ok, upload, type ReportWorld } from './reports-fixture';

const run = promisify(execFile);
/** PostgreSQL is backed up with pg_dump, which comes with Debian's PostgreSQL, not with the
 * npm one the tests may run on (tests/global-setup.ts). */
const PG_DUMP = onPath('pg_dump') && onPath('pg_restore');
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs scripts/<name>.ts as `npm run <name>` would, with this environment. */
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
  const name = `sm_restore_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

type Row = Record<string, unknown> & { id: string };
const hoses = async (app: BuiltApp['app'], who: Actor, machine: string): Promise<Row[]> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cms/machinepart/hosepipe/query',
    headers: { authorization: `Bearer ${who.token}` },
    payload: {
      parameter: {
        page: 1,
        limit: -1,
        query: { filter: [{ key: 'machine.id', param: 'eq', value: machine }] },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Row[] }).data;
};
const fileOf = (app: BuiltApp['app'], who: Actor, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });

describe.each(testDatabases())('backup and restore on $name', ({ env }) => {
  const dumps = !env.DATABASE_URL || PG_DUMP;
  let s: TestServer;
  let w: ReportWorld;
  let customer: Actor;
  let pipes: string[] = [];
  let audit = '';
  /** The approved report's PDF, which the file store keeps beside the uploads. */
  let approvedPdf: Buffer = Buffer.alloc(0);
  const tmp = mkdtempSync(path.join(tmpdir(), 'sm-backup-test-'));
  let restored: BuiltApp | null = null;

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    w = await buildWorld(s, tinyPng());
    customer = await actor(s, { customer: w.company });
    pipes = await seedHoses(w, 12);
    await upload(s, w.staffActor, 'machinepart/hosepipe', pipes[0]!, {
      bytes: tinyJpeg(),
      name: 'schlauch.jpg',
      type: 'image/jpeg',
    });
    const dguv = dguvSeeder(s, w, pipes);
    audit = uuidv7();
    await dguv.audit(w.staffActor, audit, 'de', 'Tom Techniker');
    await dguv.check(w.staffActor, audit, 1, ['OK'], new Date().toISOString());
    await dguv.finish(w.staffActor, audit, 'Tom Techniker');
    await ok(w.staff.patch('audit/dguv', audit, { state: 'APPROVED' }));
    const pdf = await fileOf(s.app, w.staffActor, `/api/cms/audit/dguv/${audit}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    approvedPdf = pdf.rawPayload;
  }, 60_000);
  afterAll(async () => {
    await restored?.app.close();
    await s.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it.skipIf(!dumps)(
    'restores a snapshot taken while the server writes: same rows, same file bytes',
    async () => {
      const before = await hoses(s.app, customer, w.machine);
      const env = {
        DATA_DIR: s.config.dataDir,
        ...(s.config.databaseUrl ? { DATABASE_URL: s.config.databaseUrl } : {}),
      };
      const snapshot = path.join(tmp, 'snapshot');
      // The server keeps taking hoses while the backup runs.
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing && i < 200; i++) {
          await ok(
            w.staff.create('machinepart/hosepipe', {
              companyId: w.company,
              machineId: w.machine,
              position: 100 + i,
              code: `BK-${String(i).padStart(5, '0')}`,
            }),
          );
        }
      })();
      const backup = await script('backup', ['--out', snapshot], env).finally(() => {
        writing = false;
      });
      await writer;
      expect(backup.stdout).toContain(`backup: ${snapshot}`);
      const manifest = JSON.parse(readFileSync(path.join(snapshot, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        app: 'schlauchmanager',
        format: 1,
        database: env.DATABASE_URL ? 'postgres' : 'sqlite',
      });
      // The logo, the photo, the signature's image and the approved report's PDF.
      expect(manifest.files).toMatchObject({ count: 4, missing: [] });
      // One self-contained database file: nothing lives in a -wal beside it.
      expect(existsSync(path.join(snapshot, 'schlauchmanager.sqlite-wal'))).toBe(false);
      // It holds every customer's data and the provider's private keys: for its owner only.
      const modes = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          const mode = (statSync(full).mode & 0o777).toString(8);
          return e.isDirectory() ? [`${mode} dir`, ...modes(full)] : [`${mode} file`];
        });
      expect((statSync(snapshot).mode & 0o777).toString(8)).toBe('700');
      expect(new Set(modes(snapshot))).toEqual(new Set(['700 dir', '600 file']));
      const after = await hoses(s.app, customer, w.machine);

      // A data dir that holds data is refused, and left as it was.
      await expect(script('restore', [snapshot], env)).rejects.toMatchObject({
        stderr: expect.stringContaining('--force'),
      });
      expect((await hoses(s.app, customer, w.machine)).length).toBe(after.length);

      const dataDir = path.join(tmp, 'restored');
      const target = {
        DATA_DIR: dataDir,
        ...(env.DATABASE_URL ? { DATABASE_URL: await freshDatabase(env.DATABASE_URL) } : {}),
      };
      const restore = await script('restore', [snapshot], target);
      expect(restore.stdout).toContain(`→ ${dataDir}`);

      restored = await buildApp(
        loadConfig({
          PORT: '8080',
          LOG_LEVEL: 'silent',
          DEMO_DATA: 'off',
          DIST_DIR: path.join(tmp, 'no-dist'),
          ...target,
        }),
        { logger: false },
      );
      await restored.app.ready();
      const back = await hoses(restored.app, customer, w.machine);
      // Every row the snapshot holds is a row of the running server, whole and unchanged; the
      // rows from before the backup are all there; the count is the manifest's.
      expect(back.length).toBe(manifest.rows.pipe);
      const now = new Map(after.map((r) => [r.id, r]));
      for (const row of back) expect(row).toEqual(now.get(row.id));
      for (const row of before) expect(back.map((r) => r.id)).toContain(row.id);

      const photo = await fileOf(
        restored.app,
        customer,
        `/api/cms/machinepart/hosepipe/${pipes[0]}/file`,
      );
      expect(photo.statusCode, photo.body).toBe(200);
      expect(photo.rawPayload.equals(tinyJpeg())).toBe(true);
      const logo = await fileOf(restored.app, w.staffActor, '/api/cms/settings/file');
      expect(logo.statusCode, logo.body).toBe(200);
      expect(logo.rawPayload.equals(tinyPng())).toBe(true);
      const report = await fileOf(restored.app, w.staffActor, `/api/cms/audit/dguv/${audit}`);
      expect(report.statusCode, report.body).toBe(200);
      expect(report.rawPayload.equals(approvedPdf)).toBe(true);
      expect(report.headers.etag).toBe(
        `"${createHash('sha256').update(approvedPdf).digest('hex')}"`,
      );
    },
    120_000,
  );

  it.runIf(!dumps)(
    'without pg_dump on PATH: the files and a manifest without the database, the advice, exit 2',
    async () => {
      const snapshot = path.join(tmp, 'snapshot-without-dump');
      const env = { DATA_DIR: s.config.dataDir, DATABASE_URL: s.config.databaseUrl! };
      const failed = await script('backup', ['--out', snapshot], env).then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 2 });
      expect(failed!.stderr).toContain('pg_dump is not on PATH');
      expect(failed!.stderr).toContain('pg_dump --format=custom');
      expect(failed!.stdout).toContain('(not dumped)');
      const manifest = JSON.parse(readFileSync(path.join(snapshot, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ database: 'postgres', databaseFile: null });
      expect(manifest.files).toMatchObject({ count: 4, missing: [] });
      expect(manifest.rows.pipe).toBeGreaterThanOrEqual(12);
    },
    60_000,
  );
});
