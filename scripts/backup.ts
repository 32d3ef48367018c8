/**
 * `npm run backup [-- --out <dir>]`: a consistent snapshot of the data of the server this
 * environment configures (DATA_DIR, DATABASE_URL), taken while the server runs.
 *
 * SQLite: better-sqlite3's online backup copies the database page by page from one read
 * snapshot, so rows written meanwhile are either wholly in or wholly out. The uploaded files are
 * copied after it: a file row in the snapshot always has its file (a file is renamed into place
 * before its row is written, and never changed); a file uploaded meanwhile is copied without a
 * row, which is harmless. PostgreSQL: `pg_dump --format=custom` when it is on PATH (same major
 * version as the server), otherwise the command to run is printed.
 * Default target: ./backups/<UTC timestamp>; the target must not exist or be empty.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../server/src/config';
import {
  databaseOf,
  FILES_DIR,
  fileStats,
  isFinishedUpload,
  ownerOnly,
  MANIFEST,
  onPath,
  PG_DUMP_FILE,
  pgAdvice,
  postgresContents,
  SQLITE_FILE,
  sqliteContents,
  type Contents,
  type Manifest,
} from './backup-lib';

const run = promisify(execFile);
// A backup holds every customer's data and the identity provider's private keys: only its
// owner may read it (files 0600, directories 0700), whatever the caller's umask.
process.umask(0o077);
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(values.out ?? path.join('backups', stamp));
if (existsSync(out) && readdirSync(out).length > 0) {
  console.error(`backup: ${out} is not empty; choose another --out`);
  process.exit(1);
}
mkdirSync(out, { recursive: true });

const target = databaseOf(config);
let databaseFile: string | null = null;
let contents: Contents;
if (target.kind === 'sqlite') {
  if (!existsSync(target.file)) {
    console.error(`backup: no database at ${target.file} (check DATA_DIR / DATABASE_URL)`);
    process.exit(1);
  }
  const source = new SQLite(target.file, { fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  await source.backup(path.join(out, SQLITE_FILE));
  source.close();
  // The copy inherits the WAL mode: make it one self-contained file (no -wal/-shm beside it).
  const copy = new SQLite(path.join(out, SQLITE_FILE));
  copy.pragma('journal_mode = DELETE');
  copy.close();
  databaseFile = SQLITE_FILE;
  contents = sqliteContents(path.join(out, SQLITE_FILE));
} else {
  const dump = onPath('pg_dump');
  const file = path.join(out, PG_DUMP_FILE);
  // pg_dump reads the snapshot the counts were taken in: the manifest matches the dump.
  contents = await postgresContents(target.url, async (snapshot) => {
    if (!dump) return;
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      `--dbname=${target.url}`,
    ]);
  });
  if (dump) databaseFile = PG_DUMP_FILE;
  else {
    console.warn(
      `backup: pg_dump is not on PATH — the database is NOT in this snapshot.\n${pgAdvice(target.url)}`,
    );
  }
}

// The uploaded files, where the configured file store keeps them (docs/operations.md).
const store = config.fileStore.kind;
const filesFrom = path.join(config.dataDir, FILES_DIR);
const filesTo = path.join(out, FILES_DIR);
mkdirSync(filesTo, { recursive: true });
let files: Manifest['files'];
if (store === 'disk') {
  if (existsSync(filesFrom))
    cpSync(filesFrom, filesTo, { recursive: true, filter: isFinishedUpload });
  const missing = contents.paths.filter((p) => !existsSync(path.join(filesTo, p)));
  files = { store, ...fileStats(filesTo), missing };
} else if (store === 'database') {
  // In the same snapshot as the rows: the dump holds them.
  const held = new Set(contents.blobs.map((b) => b.key));
  const bytes = contents.blobs.reduce((sum, b) => sum + Number(b.size), 0);
  const missing = contents.paths.filter((p) => !held.has(p));
  files = { store, count: held.size, bytes, missing };
} else {
  console.warn(
    'backup: the files are in the S3 bucket, not in this snapshot: back the bucket up with the object store’s own tools (docs/operations.md).',
  );
  files = { store, count: 0, bytes: 0, missing: [] };
}
const missing = files.missing;

const manifest: Manifest = {
  format: 1,
  app: 'schlauchmanager',
  version: config.version,
  createdAt: new Date().toISOString(),
  database: target.kind,
  databaseFile,
  rows: contents.rows,
  files,
};
writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
ownerOnly(out);

const total = Object.values(contents.rows).reduce((a, b) => a + b, 0);
console.log(
  `backup: ${out}\n  database ${target.kind}${databaseFile ? '' : ' (not dumped)'}: ${total} rows in ${Object.keys(contents.rows).length} tables\n  files (${store}): ${manifest.files.count} (${manifest.files.bytes} bytes)`,
);
if (missing.length > 0) {
  // A file row whose file was deleted while the backup ran (or was already missing).
  console.warn(
    `backup: ${missing.length} file(s) of the database are missing: ${missing.join(', ')}`,
  );
}
if (!databaseFile) process.exit(2);
