import { PostgresAdapter, type Kysely } from 'kysely';
import { sha256Of } from '@server/modules/files/blob-store';
import { approvedReportKey } from '@server/modules/dguv/report-blobs';

/** The tables as this migration finds and leaves them. */
type Tables = {
  approvedReport: {
    auditId: string;
    sha256: string;
    size: number;
    pdf: Buffer | null;
    createdAt: string;
  };
  blob: { key: string; size: number; sha256: string; bytes: Buffer; createdAt: string };
  reportBlobPending: { key: string };
};

/**
 * The approved reports' PDFs go to the file store (docs/dguv-record.md): the record keeps their
 * SHA-256 and size, the bytes move into the database store's `blob` table under the key the
 * hash names, each listed in `reportBlobPending`. A disk or S3 store takes the listed ones from
 * there at its next start (modules/dguv/report-blobs.ts). Bytes that do not match their recorded hash stop the
 * migration: the record would no longer prove them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db.withTables<Tables>();
  await db.schema
    .alterTable('approvedReport')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('reportBlobPending')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .execute();
  const ids = await k.selectFrom('approvedReport').select('auditId').orderBy('auditId').execute();
  for (const { auditId } of ids) {
    const row = await k
      .selectFrom('approvedReport')
      .select(['sha256', 'pdf', 'createdAt'])
      .where('auditId', '=', auditId)
      .executeTakeFirstOrThrow();
    const bytes = Buffer.from(row.pdf ?? Buffer.alloc(0));
    if (sha256Of(bytes) !== row.sha256)
      throw new Error(`approved report ${auditId}: the stored PDF does not match its SHA-256`);
    await k
      .insertInto('blob')
      .values({
        key: approvedReportKey(row.sha256),
        size: bytes.length,
        sha256: row.sha256,
        bytes,
        createdAt: row.createdAt,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await k
      .insertInto('reportBlobPending')
      .values({ key: approvedReportKey(row.sha256) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await k
      .updateTable('approvedReport')
      .set({ size: bytes.length })
      .where('auditId', '=', auditId)
      .execute();
  }
  await db.schema.alterTable('approvedReport').dropColumn('pdf').execute();
}

/** Back into the record: only when every PDF is in the `blob` table (the database store). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const k = db.withTables<Tables>();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('approvedReport')
    .addColumn('pdf', postgres ? 'bytea' : 'blob')
    .execute();
  const rows = await k.selectFrom('approvedReport').select(['auditId', 'sha256']).execute();
  for (const { auditId, sha256 } of rows) {
    const blob = await k
      .selectFrom('blob')
      .select('bytes')
      .where('key', '=', approvedReportKey(sha256))
      .executeTakeFirst();
    if (!blob)
      throw new Error(
        `approved report ${auditId}: its PDF is not in the database; run files:migrate --to database first`,
      );
    await k
      .updateTable('approvedReport')
      .set({ pdf: Buffer.from(blob.bytes) })
      .where('auditId', '=', auditId)
      .execute();
  }
  await db.schema.alterTable('approvedReport').dropColumn('size').execute();
  await db.schema.dropTable('reportBlobPending').execute();
}
