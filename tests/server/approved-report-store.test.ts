/**
 * The approved DGUV report's PDF lives in the file store (docs/dguv-record.md, docs/operations.md
 * "File store"), on each store — a directory, the database (SQLite and PostgreSQL) and an S3
 * bucket: made once, kept under the key its SHA-256 names, recorded with hash and size, served
 * with that hash as ETag, after a restart too. A PDF the record held before moves into the store
 * with the same hash: into the `blob` table by the migration, and on to a disk or S3 store when
 * the server starts.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REGISTRY } from '@server/cms/registry';
import { migrations } from '@server/db/migrations';
import { approvedReportKey } from '@server/modules/dguv/report-blobs';
import { blobsOf } from '@server/modules/files/files.routes';
import { startTestServer, type TestServer } from '../helpers/server';
import { startS3, type TestS3 } from '../helpers/s3-server';
import { mintToken } from '../helpers/tokens';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MIGRATION = '1795003500000-approved-report-blobs';

const pgUrl = inject('databaseUrl');
const s3 = { server: null as TestS3 | null };
const stores: { name: string; env: () => Promise<Record<string, string>> }[] = [
  { name: 'disk on SQLite', env: async () => ({}) },
  { name: 'database on SQLite', env: async () => ({ FILE_STORE: 'database' }) },
  ...(pgUrl
    ? [{ name: 'database on PostgreSQL', env: async () => ({ DATABASE_URL: pgUrl }) }]
    : []),
  {
    name: 's3',
    env: async () => {
      s3.server ??= await startS3('approved-reports');
      return s3.server.env;
    },
  },
];

afterAll(async () => {
  await s3.server?.stop();
});

describe.each(stores)('the approved report on the file store: $name', ({ env }) => {
  let s: TestServer;
  let token = '';
  let audit = '';

  beforeAll(async () => {
    s = await startTestServer({ ...(await env()) });
    token = await mintToken(s, { claims: { realm_access: { roles: ['admin'] } } });
    const approved = await sql<{ id: string }>`select id from ${sql.table(
      REGISTRY.dguvAudit.table,
    )} where state = 'APPROVED' and deleted_at is null limit 1`.execute(s.db.kysely);
    audit = approved.rows[0]!.id;
  }, 60_000);
  afterAll(() => s?.close());

  const pdfOf = () =>
    s.app.inject({
      url: `/api/cms/audit/dguv/${audit}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const record = () =>
    s.db.kysely
      .selectFrom('approvedReport')
      .selectAll()
      .where('auditId', '=', audit)
      .executeTakeFirstOrThrow();

  it('keeps the PDF in the store under its hash, and serves those bytes with it as ETag', async () => {
    const res = await pdfOf();
    expect(res.statusCode, res.body).toBe(200);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers.etag).toBe(`"${sha(pdf)}"`);
    expect(await record()).toMatchObject({ sha256: sha(pdf), size: pdf.length });
    const store = blobsOf(s.app);
    expect(await store.get(approvedReportKey(sha(pdf)))).toEqual(pdf);
    // Only the database store keeps bytes in the database.
    const inTable = await s.db.kysely
      .selectFrom('blob')
      .select('key')
      .where('key', '=', approvedReportKey(sha(pdf)))
      .execute();
    expect(inTable.length).toBe(store.kind === 'database' ? 1 : 0);
    expect(existsSync(path.join(s.config.dataDir, 'files', 'approved-reports'))).toBe(
      store.kind === 'disk',
    );
    const again = await s.app.inject({
      url: `/api/cms/audit/dguv/${audit}`,
      headers: { authorization: `Bearer ${token}`, 'if-none-match': res.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
  }, 60_000);

  it('serves the same bytes after a restart, and the verification names their hash', async () => {
    const first = (await pdfOf()).rawPayload;
    s = await s.restart();
    const res = await pdfOf();
    expect(res.rawPayload.equals(first)).toBe(true);
    const { reportNumber } = await record();
    const verified = await s.app.inject({ url: `/api/public/verify/${reportNumber}` });
    expect(verified.json()).toMatchObject({ sha256: sha(first) });
  }, 60_000);

  it('moves a PDF the record held before into the store, its hash unchanged', async () => {
    const pdf = (await pdfOf()).rawPayload;
    const key = approvedReportKey(sha(pdf));
    const store = blobsOf(s.app);
    const db = s.db.kysely;
    // Back to the schema before: the record holds the bytes (the down step takes them from
    // the blob table), the store does not.
    const bytes = await db.selectFrom('blob').select('key').where('key', '=', key).execute();
    if (bytes.length === 0)
      await db
        .insertInto('blob')
        .values({ key, size: pdf.length, sha256: sha(pdf), bytes: pdf, createdAt: 'x' })
        .execute();
    if (store.kind !== 'database') await store.delete(key);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(down.results?.[0]).toMatchObject({ migrationName: MIGRATION, status: 'Success' });
    await db.deleteFrom('blob').where('key', '=', key).execute();
    const held = await sql<{
      pdf: Buffer;
    }>`select pdf from approved_report where audit_id = ${audit}`.execute(db);
    expect(sha(Buffer.from(held.rows[0]!.pdf))).toBe(sha(pdf));
    expect(await store.get(key)).toBeNull();

    s = await s.restart();
    const res = await pdfOf();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers.etag).toBe(`"${sha(pdf)}"`);
    expect(await record()).toMatchObject({ sha256: sha(pdf), size: pdf.length });
    expect(await blobsOf(s.app).get(key)).toEqual(pdf);
    const left = await s.db.kysely
      .selectFrom('blob')
      .select('key')
      .where('key', '=', key)
      .execute();
    expect(left.length).toBe(blobsOf(s.app).kind === 'database' ? 1 : 0);
    expect(await s.db.kysely.selectFrom('reportBlobPending').selectAll().execute()).toEqual([]);
    // The record holds no bytes any more.
    await expect(
      sql`select pdf from approved_report where audit_id = ${audit}`.execute(s.db.kysely),
    ).rejects.toThrow(/pdf/);
  }, 60_000);
});
