/**
 * A full disk (docs/operations-limits.md) answers `507 storage_full` with a message key the
 * device translates, logs the real error (SQLITE_FULL, ENOSPC — not the "cannot rollback" that
 * used to hide it), and everything works again once space is freed. The disks are small
 * tmpfs mounts (root only; SQLite in WAL mode ignores `PRAGMA max_page_count` for this);
 * PostgreSQL's disk-full code (53100) goes through the same answer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { errorsPlugin } from '@server/plugins/errors';
import { actor, cms, STAFF_ALL } from '../helpers/cms';
import { multipart, tinyPng } from '../helpers/files';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const dir = `/tmp/sm-mount-probe-${process.pid}`;
  try {
    mkdirSync(dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDatabases())('full storage on $name', ({ name, env }) => {
  let s: TestServer;
  let admin: ReturnType<typeof cms>;
  let adminToken = '';
  const lines: string[] = [];

  beforeAll(async () => {
    s = await startTestServer(
      // Files on disk here: the disk is what fills up.
      {
        DEMO_DATA: 'off',
        LOG_LEVEL: 'error',
        RATE_LIMIT_API_PER_MINUTE: '0',
        FILE_STORE: 'disk',
        ...env,
      },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    const who = await actor(s, { roles: STAFF_ALL });
    adminToken = who.token;
    admin = cms(s, who);
  });
  afterAll(() => s?.close());

  it.runIf(name === 'sqlite' && canMount())(
    'answers 507 when the database cannot grow, logs SQLITE_FULL, and recovers',
    async () => {
      // A server of its own whose data directory is a small tmpfs, filled up.
      const dir = `/tmp/sm-full-${process.pid}`;
      mkdirSync(dir, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir]);
      const own: string[] = [];
      let t: TestServer | null = null;
      try {
        t = await startTestServer(
          { DEMO_DATA: 'off', LOG_LEVEL: 'error', RATE_LIMIT_API_PER_MINUTE: '0', DATA_DIR: dir },
          { logStream: { write: (line) => void own.push(line) } },
        );
        const staff = cms(t, await actor(t, { roles: STAFF_ALL }));
        const filler = path.join(dir, 'filler');
        try {
          writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
        } catch {
          // ENOSPC: the tmpfs is full now, as intended
        }
        let full: { statusCode: number; body: string } | null = null;
        for (let i = 0; i < 200 && !full; i++) {
          const res = await staff.create('company', {
            id: uuidv7(),
            name: `Firma ${i} ${'x'.repeat(200)}`,
          });
          if (res.statusCode !== 201) full = res;
        }
        expect(full?.statusCode, full?.body).toBe(507);
        expect(JSON.parse(full!.body)).toMatchObject({
          code: 'storage_full',
          message: 'errors:storageFull',
        });
        const log = own.join('\n');
        expect(log).toContain('SQLITE_FULL');
        expect(log).not.toContain('cannot rollback');
        rmSync(filler);
        const again = await staff.create('company', { id: uuidv7(), name: 'Wieder Platz GmbH' });
        expect(again.statusCode, again.body).toBe(201);
      } finally {
        await t?.close();
        execFileSync('umount', ['-l', dir]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(canMount())('answers 507 when the file store is full, and recovers', async () => {
    const company = uuidv7();
    expect((await admin.create('company', { id: company, name: 'Datei GmbH' })).statusCode).toBe(
      201,
    );
    const files = path.join(s.config.dataDir, 'files');
    mkdirSync(files, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', files]);
    const upload = () => {
      const { payload, headers } = multipart([
        { name: 'file', value: tinyPng(), filename: 'a.png', type: 'image/png' },
      ]);
      return s.app.inject({
        method: 'POST',
        url: `/api/cms/company/${company}/file`,
        payload,
        headers: { ...headers, authorization: `Bearer ${adminToken}` },
      });
    };
    try {
      const filler = path.join(files, 'filler');
      try {
        writeFileSync(filler, Buffer.alloc(1024 * 1024));
      } catch {
        // ENOSPC: the tmpfs is full now, as intended
      }
      const res = await upload();
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toMatchObject({ code: 'storage_full', message: 'errors:storageFull' });
      expect(lines.join('\n')).toContain('ENOSPC');
      rmSync(filler);
      const again = await upload();
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      execFileSync('umount', ['-l', files]);
    }
  });
});

describe('PostgreSQL disk full', () => {
  it('answers 507 storage_full for SQLSTATE 53100', async () => {
    const app = Fastify({ logger: false });
    errorsPlugin(app);
    app.get('/x', () => {
      throw Object.assign(new Error('could not extend file: No space left on device'), {
        code: '53100',
      });
    });
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ code: 'storage_full', message: 'errors:storageFull' });
    await app.close();
  });
});
