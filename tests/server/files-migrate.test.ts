/**
 * `npm run files:migrate`: every file copied from one store to another — uploads, their report
 * copies and the approved reports' PDFs — verified by its hash, and a second run copies nothing
 * again. A PDF the database still holds from before joins the source store first.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '@server/files-migrate';
import { fileStoreConfig } from '@server/config';
import { openDb, type Db } from '@server/db/database';
import { sha256Of } from '@server/modules/files/blob-store';
import { openBlobStore } from '@server/modules/files/open-blob-store';
import { insertFile } from '@server/modules/files/files.repository';
import { approvedReportKey } from '@server/modules/dguv/report-blobs';
import { startS3, type TestS3 } from '../helpers/s3-server';

describe('files:migrate', () => {
  let dir = '';
  let s3: TestS3;
  let env: Record<string, string>;
  const photo = Buffer.concat([Buffer.from('\xff\xd8\xff', 'latin1'), Buffer.alloc(50_000, 3)]);
  const copy = Buffer.from('a report copy');
  const report = Buffer.from('%PDF-1.7 an approved report');
  const reportKey = approvedReportKey(sha256Of(report));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sm-migrate-'));
    s3 = await startS3('migrated-files');
    env = { ...s3.env, DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_DATA: 'off' };
    delete env.FILE_STORE;
    const company = path.join(dir, 'files', 'company-a');
    mkdirSync(company, { recursive: true });
    writeFileSync(path.join(company, 'photo-1'), photo);
    writeFileSync(path.join(company, 'photo-1.report.png'), copy);
    mkdirSync(path.join(dir, 'files', 'approved-reports'));
    writeFileSync(path.join(dir, 'files', reportKey), report);
    // A first run migrates the database; then the photo gets its file row.
    await main(['--from', 'disk', '--to', 'database'], env);
    const db: Db = openDb({ databaseUrl: null, dataDir: dir });
    await insertFile(db.kysely, {
      id: 'photo-1',
      companyId: null,
      entity: 'machine',
      entityId: 'm-1',
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      size: photo.length,
      sha256: sha256Of(photo),
      storagePath: 'company-a/photo-1',
      createdBy: 'u',
      createdAt: new Date().toISOString(),
      boundAt: new Date().toISOString(),
      deletedAt: null,
    });
    await db.close();
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const storeOf = async (kind: 'database' | 's3') => {
    const db = openDb({ databaseUrl: null, dataDir: dir });
    const store = await openBlobStore(
      kind === 's3' ? fileStoreConfig(s3.env, null) : { kind, s3: null },
      { db: db.kysely, filesDir: path.join(dir, 'files') },
    );
    return { store, close: () => store.close().then(() => db.close()) };
  };

  it('copied every file to the database, each verified, and a second run copies none', async () => {
    const { store, close } = await storeOf('database');
    try {
      expect(await store.stat('company-a/photo-1')).toEqual({
        size: photo.length,
        sha256: sha256Of(photo),
      });
      expect(await store.get('company-a/photo-1.report.png')).toEqual(copy);
      expect(await store.get(reportKey)).toEqual(report);
    } finally {
      await close();
    }
    expect(await main(['--from', 'disk', '--to', 'database'], env)).toEqual({
      copied: 0,
      skipped: 3,
      failed: [],
    });
  });

  it('copies from the database on to S3', async () => {
    expect(await main(['--from', 'database', '--to', 's3'], env)).toEqual({
      copied: 3,
      skipped: 0,
      failed: [],
    });
    const { store, close } = await storeOf('s3');
    try {
      expect(await store.get('company-a/photo-1')).toEqual(photo);
      expect(await store.get(reportKey)).toEqual(report);
    } finally {
      await close();
    }
  });

  it('takes along a PDF the database still holds, out of its table', async () => {
    const older = Buffer.from('%PDF-1.7 approved before the file store');
    const key = approvedReportKey(sha256Of(older));
    const db = openDb({ databaseUrl: null, dataDir: dir });
    await db.kysely
      .insertInto('blob')
      .values({ key, size: older.length, sha256: sha256Of(older), bytes: older, createdAt: 'x' })
      .execute();
    // As the migration that took the PDFs out of their record leaves them.
    await db.kysely.insertInto('reportBlobPending').values({ key }).execute();
    await db.close();
    expect(await main(['--from', 'disk', '--to', 's3'], env)).toEqual({
      copied: 1,
      skipped: 3,
      failed: [],
    });
    const { store, close } = await storeOf('s3');
    try {
      expect(await store.get(key)).toEqual(older);
    } finally {
      await close();
    }
    expect(readFileSync(path.join(dir, 'files', key))).toEqual(older);
    const { store: table, close: closeTable } = await storeOf('database');
    try {
      expect(await table.get(key)).toBeNull();
      // The copies files:migrate made in the table stay.
      expect(await table.get(reportKey)).toEqual(report);
    } finally {
      await closeTable();
    }
  });

  it('refuses to copy bytes that do not match their file row or their report hash', async () => {
    writeFileSync(path.join(dir, 'files', 'company-a', 'photo-1'), Buffer.from('changed'));
    writeFileSync(path.join(dir, 'files', reportKey), Buffer.from('%PDF-1.7 forged'));
    const result = await main(['--from', 'disk', '--to', 'database'], env);
    expect(result.failed.sort()).toEqual([reportKey, 'company-a/photo-1']);
    const { store, close } = await storeOf('database');
    try {
      expect(await store.get('company-a/photo-1')).toEqual(photo);
      expect(await store.get(reportKey)).toEqual(report);
    } finally {
      await close();
    }
  });

  it('refuses unknown and identical stores', async () => {
    await expect(main(['--from', 'disk', '--to', 'nfs'], env)).rejects.toThrow(/--to/);
    await expect(main(['--from', 'disk', '--to', 'disk'], env)).rejects.toThrow(/same/);
  });
});
