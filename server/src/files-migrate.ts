/**
 * `npm run files:migrate -- --from disk --to database` (disk, database or s3): copies every
 * file of the server this environment configures (DATA_DIR, DATABASE_URL, S3_*) from one file
 * store to another, verifying each by its SHA-256 (modules/files/migrate-blobs.ts), the
 * approved reports' PDFs with them. Run it with the servers stopped (or before switching
 * FILE_STORE), then set FILE_STORE to the target.
 * Exits 1 when any file did not verify.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileStoreConfig, loadConfig, type FileStoreKind } from './config';
import { migrateToLatest, openDb } from './db/database';
import { adoptReportBlobs } from './modules/dguv/report-blobs';
import { migrateBlobs } from './modules/files/migrate-blobs';
import { openBlobStore } from './modules/files/open-blob-store';

const KINDS: readonly FileStoreKind[] = ['disk', 'database', 's3'];

function kindOf(value: string | undefined, name: string): FileStoreKind {
  const kind = KINDS.find((k) => k === value);
  if (!kind) throw new Error(`--${name} must be one of ${KINDS.join(', ')}`);
  return kind;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, to: { type: 'string' } },
  });
  const from = kindOf(values.from, 'from');
  const to = kindOf(values.to, 'to');
  if (from === to) throw new Error('--from and --to name the same store');
  const config = loadConfig(env);
  const db = openDb(config);
  try {
    await db.withStartupLock(() => migrateToLatest(db));
    const deps = { db: db.kysely, filesDir: path.join(config.dataDir, 'files') };
    const open = (kind: FileStoreKind) =>
      openBlobStore(fileStoreConfig({ ...env, FILE_STORE: kind }, config.databaseUrl), deps);
    const source = await open(from);
    const target = await open(to);
    try {
      // PDFs the database still holds from before they went to the file store join the source.
      const adopted = await adoptReportBlobs(db.kysely, source);
      for (const key of adopted.failed)
        console.error(`${key}: its bytes do not match its hash, left in the database`);
      const result = await migrateBlobs(source, target, db.kysely, (line) => console.error(line));
      result.failed.push(...adopted.failed);
      console.log(
        `${from} → ${to}: ${result.copied} copied, ${result.skipped} already there, ` +
          `${result.failed.length} failed`,
      );
      return result;
    } finally {
      await source.close();
      await target.close();
    }
  } finally {
    await db.close();
  }
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]).endsWith(path.join('src', 'files-migrate.ts'))
) {
  main(process.argv.slice(2)).then(
    (r) => process.exit(r.failed.length > 0 ? 1 : 0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
