/**
 * Copies every blob of one file store into another (docs/operations.md "File store"): each
 * key's bytes are read, written and read back, and the copy's SHA-256 must equal the source's
 * (and, for an upload, the hash its file row recorded; for an approved report's PDF, the hash
 * its key names and its record holds). A key the target already holds with the
 * same hash is skipped, so the copy can be run again after an interruption. Nothing is deleted
 * from the source.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { shaOfReportKey } from '../dguv/report-blobs';
import { sha256Of, type BlobStore } from './blob-store';

export interface MigrateResult {
  copied: number;
  skipped: number;
  /** Keys whose bytes did not verify (source against its row, or the copy against the source). */
  failed: string[];
}

export async function migrateBlobs(
  from: BlobStore,
  to: BlobStore,
  db: Kysely<Database>,
  log: (line: string) => void = () => undefined,
): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0, failed: [] };
  for await (const key of from.list()) {
    if (key.startsWith('ready-probe/')) continue;
    const bytes = await from.get(key);
    if (!bytes) continue; // removed meanwhile
    const sha256 = sha256Of(bytes);
    const report = shaOfReportKey(key);
    const row = report
      ? { sha256: report }
      : await db
          .selectFrom('file')
          .select('sha256')
          .where('storagePath', '=', key)
          .executeTakeFirst();
    if (row && row.sha256 !== sha256) {
      result.failed.push(key);
      log(`${key}: the source's bytes do not match their recorded hash, not copied`);
      continue;
    }
    const there = await to.stat(key);
    if (there?.sha256 === sha256) {
      result.skipped++;
      continue;
    }
    await to.put(key, bytes);
    const back = await to.get(key);
    if (!back || sha256Of(back) !== sha256) {
      result.failed.push(key);
      log(`${key}: the copy does not verify`);
      continue;
    }
    result.copied++;
  }
  return result;
}
