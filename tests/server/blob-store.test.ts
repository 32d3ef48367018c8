/**
 * The file store contract (docs/operations.md "File store"), the same cases on each store:
 * a directory, a database table (PostgreSQL; SQLite too) and an S3 bucket on a local server
 * speaking the S3 protocol. Readiness follows the configured store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileStoreConfig, loadConfig } from '@server/config';
import { migrateToLatest, openDb, type Db } from '@server/db/database';
import { sha256Of, type BlobStore } from '@server/modules/files/blob-store';
import { openBlobStore } from '@server/modules/files/open-blob-store';
import { freshPostgres, startTestServer } from '../helpers/server';
import { startS3, type TestS3 } from '../helpers/s3-server';

interface Opened {
  store: BlobStore;
  close(): Promise<void>;
}

async function withDb(url: string | null, kind: 'disk' | 'database'): Promise<Opened> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sm-blobs-'));
  const pgDb = url ? await freshPostgres(url) : null;
  const db: Db = openDb({ databaseUrl: pgDb?.url ?? null, dataDir: dir });
  await migrateToLatest(db);
  const store = await openBlobStore(
    { kind, s3: null },
    { db: db.kysely, filesDir: path.join(dir, 'files') },
  );
  return {
    store,
    close: async () => {
      await store.close();
      await db.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const s3 = { server: null as TestS3 | null };

async function withS3(): Promise<Opened> {
  s3.server ??= await startS3();
  const config = fileStoreConfig(s3.server.env, null);
  const store = await openBlobStore(config, { db: null as never, filesDir: '' });
  return { store, close: () => store.close() };
}

const pgUrl = inject('databaseUrl');
const stores: { name: string; open: () => Promise<Opened> }[] = [
  { name: 'disk', open: () => withDb(null, 'disk') },
  { name: 'database on SQLite', open: () => withDb(null, 'database') },
  ...(pgUrl ? [{ name: 'database on PostgreSQL', open: () => withDb(pgUrl, 'database') }] : []),
  { name: 's3', open: withS3 },
];

afterAll(async () => {
  await s3.server?.stop();
});

describe.each(stores)('file store: $name', ({ open }) => {
  let opened: Opened;
  let store: BlobStore;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened?.close());

  const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(70_000, 7)]);

  it('puts, stats and gets the bytes back, hashed', async () => {
    const info = await store.put('company-a/0001', png);
    expect(info).toEqual({ size: png.length, sha256: sha256Of(png) });
    expect(await store.stat('company-a/0001')).toEqual(info);
    expect(await store.get('company-a/0001')).toEqual(png);
  });

  it('answers null for a key it does not hold', async () => {
    expect(await store.get('company-a/missing')).toBeNull();
    expect(await store.stat('company-a/missing')).toBeNull();
  });

  it('replaces the bytes of a key put again, and keeps an empty blob', async () => {
    await store.put('company-a/0002', Buffer.from('first'));
    await store.put('company-a/0002', Buffer.from('second'));
    expect((await store.get('company-a/0002'))?.toString()).toBe('second');
    expect(await store.stat('company-a/0002')).toEqual({
      size: 6,
      sha256: sha256Of(Buffer.from('second')),
    });
    await store.put('company-a/empty', Buffer.alloc(0));
    expect(await store.get('company-a/empty')).toEqual(Buffer.alloc(0));
  });

  it('lists keys by prefix, and all of them without one', async () => {
    await store.put('company-b/0003', Buffer.from('b'));
    await store.put('company-a/0003.report.png', Buffer.from('copy'));
    const list = async (prefix?: string) => {
      const keys: string[] = [];
      for await (const key of store.list(prefix)) keys.push(key);
      return keys.sort();
    };
    expect(await list('company-a/')).toEqual([
      'company-a/0001',
      'company-a/0002',
      'company-a/0003.report.png',
      'company-a/empty',
    ]);
    expect(await list()).toEqual([...(await list('company-a/')), 'company-b/0003']);
  });

  it('deletes a key, and a missing one without complaint', async () => {
    await store.delete('company-b/0003');
    expect(await store.get('company-b/0003')).toBeNull();
    await store.delete('company-b/0003');
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const bad of ['../x', 'a/../../x', '/abs', 'a//b', '.hidden', 'a/.x', '']) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
    }
  });

  it('is ready: a probe is written, read back and removed', async () => {
    expect(await store.ready()).toBe(true);
    const keys: string[] = [];
    for await (const key of store.list('ready-probe/')) keys.push(key);
    expect(keys).toEqual([]);
  });
});

describe('readiness follows the configured file store', () => {
  it('reports the S3 store not ready when its server is gone, and says so at start', async () => {
    const server = await startS3('readiness-check');
    const lines: string[] = [];
    const s = await startTestServer(
      { ...server.env, DEMO_DATA: 'off', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      expect(lines.some((l) => l.includes('"fileStore":"s3"'))).toBe(true);
      const ready = await s.app.inject({ url: '/api/health/ready' });
      expect(ready.json().checks).toMatchObject({ fileStore: true });
      await server.stop();
      const down = await s.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().checks).toMatchObject({ db: true, fileStore: false });
    } finally {
      await s.close();
    }
  }, 60_000);

  it('defaults to the database on PostgreSQL and to the disk on SQLite', () => {
    const base = { DATA_DIR: '/tmp/x' };
    expect(loadConfig(base).fileStore.kind).toBe('disk');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://h/db' }).fileStore.kind).toBe(
      'database',
    );
    expect(
      loadConfig({ ...base, DATABASE_URL: 'postgres://h/db', FILE_STORE: 'disk' }).fileStore.kind,
    ).toBe('disk');
    expect(() => loadConfig({ ...base, FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, FILE_STORE: 'nfs' })).toThrow(/FILE_STORE/);
  });
});
