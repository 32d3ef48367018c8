/**
 * Where an approved report's PDF lives in the file store (docs/dguv-record.md, docs/operations.md
 * "File store"): under a key named by its SHA-256, beside the uploads. A store other than the
 * database finds, at start, the PDFs the database still holds (moved into its `blob` table by
 * the migration that took them out of the record) and moves them over, each verified by its hash.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { sha256Of, type BlobStore } from '@server/modules/files/blob-store';

/** The folder of the approved reports' PDFs in every file store. */
export const APPROVED_REPORTS_PREFIX = 'approved-reports/';

/** The key of the PDF whose SHA-256 is `sha256`. */
export const approvedReportKey = (sha256: string) => `${APPROVED_REPORTS_PREFIX}${sha256}.pdf`;

/** The SHA-256 a report key names; null for any other key. */
export function shaOfReportKey(key: string): string | null {
  const m = /^approved-reports\/([0-9a-f]{64})\.pdf$/.exec(key);
  return m ? m[1]! : null;
}

/**
 * Moves the approved reports' PDFs left in the database's `blob` table into `store` (a disk or
 * S3 store; the database store already holds them there). Each copy is read back and must hash
 * to its key before the table's row goes; a PDF that does not is left where it is. Safe to run
 * again after an interruption and from several instances at once. Returns the keys moved and
 * those that did not verify.
 */
export async function adoptReportBlobs(
  db: Kysely<Database>,
  store: BlobStore,
): Promise<{ moved: string[]; failed: string[] }> {
  const result = { moved: [] as string[], failed: [] as string[] };
  if (store.kind === 'database') return result;
  const keys = await db
    .selectFrom('blob')
    .select('key')
    .where('key', 'like', `${APPROVED_REPORTS_PREFIX}%`)
    .orderBy('key')
    .execute();
  for (const { key } of keys) {
    const row = await db
      .selectFrom('blob')
      .select('bytes')
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue; // moved meanwhile by another instance
    const bytes = Buffer.from(row.bytes);
    const sha256 = shaOfReportKey(key);
    if (!sha256 || sha256Of(bytes) !== sha256) {
      result.failed.push(key);
      continue;
    }
    if ((await store.stat(key))?.sha256 !== sha256) await store.put(key, bytes);
    const back = await store.get(key);
    if (!back || sha256Of(back) !== sha256) {
      result.failed.push(key);
      continue;
    }
    await db.deleteFrom('blob').where('key', '=', key).execute();
    result.moved.push(key);
  }
  return result;
}
