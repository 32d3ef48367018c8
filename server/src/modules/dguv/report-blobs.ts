/**
 * Where an approved report's PDF lives in the file store (docs/dguv-record.md, docs/operations.md
 * "File store"): under a key named by its SHA-256, beside the uploads. A store other than the
 * database takes over, at start, the PDFs the migration that took them out of the record left in
 * the database's `blob` table, each verified by its hash.
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
  if (!key.startsWith(APPROVED_REPORTS_PREFIX)) return null;
  const m = /^([0-9a-f]{64})\.pdf$/.exec(key.slice(APPROVED_REPORTS_PREFIX.length));
  return m ? m[1]! : null;
}

/**
 * Moves the approved reports' PDFs the migration put into the database's `blob` table (listed in
 * `reportBlobPending`) into `store`; the database store already holds them there. Each copy is
 * read back and must hash to its key before the table's row goes; a PDF that does not is left
 * where it is. Only listed PDFs move: a `blob` row `files:migrate` wrote is never touched. Safe
 * to run again after an interruption and from several instances at once. Returns the keys
 * moved (or found in place) and those that did not verify.
 */
export async function adoptReportBlobs(
  db: Kysely<Database>,
  store: BlobStore,
): Promise<{ moved: string[]; failed: string[] }> {
  const result = { moved: [] as string[], failed: [] as string[] };
  const pending = await db.selectFrom('reportBlobPending').select('key').orderBy('key').execute();
  for (const { key } of pending) {
    const sha256 = shaOfReportKey(key);
    const row = await db
      .selectFrom('blob')
      .select('bytes')
      .where('key', '=', key)
      .executeTakeFirst();
    const bytes = row ? Buffer.from(row.bytes) : await store.get(key);
    if (!sha256 || !bytes || sha256Of(bytes) !== sha256) {
      result.failed.push(key);
      continue;
    }
    if (store.kind !== 'database') {
      if ((await store.stat(key))?.sha256 !== sha256) await store.put(key, bytes);
      const back = await store.get(key);
      if (!back || sha256Of(back) !== sha256) {
        result.failed.push(key);
        continue;
      }
      await db.deleteFrom('blob').where('key', '=', key).execute();
    }
    await db.deleteFrom('reportBlobPending').where('key', '=', key).execute();
    result.moved.push(key);
  }
  return result;
}
