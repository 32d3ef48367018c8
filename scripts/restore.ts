/**
 * `npm run restore -- <snapshot> [--data-dir <dir>] [--force]`: brings a snapshot of
 * `npm run backup` back. STOP THE SERVER FIRST: it keeps the database open and would keep
 * writing into the files this replaces.
 *
 * The target is --data-dir, else DATA_DIR (default ./data), with DATABASE_URL choosing
 * PostgreSQL as the server would. A data dir (or PostgreSQL database) that already holds data
 * is refused unless --force, which replaces the database and the files. The restored
 * database is checked (SQLite integrity check, row counts of the manifest) before it is used.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../server/src/config';
import { SYNC_EPOCH } from '../server/src/sync/epoch';
import {
  databaseOf,
  FILES_DIR,
  fileStats,
  MANIFEST,
  onPath,
  pgAdvice,
  postgresContents,
  sqliteContents,
  type Manifest,
} from './backup-lib';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
});
const fail = (message: string): never => {
  console.error(`restore: ${message}`);
  process.exit(1);
};
const snapshot = path.resolve(
  positionals[0] ?? fail('usage: npm run restore -- <snapshot> [--data-dir <dir>] [--force]'),
);
const manifest = JSON.parse(readFileSync(path.join(snapshot, MANIFEST), 'utf8')) as Manifest;
if (manifest.app !== 'schlauchmanager' || manifest.format !== 1)
  fail(`${snapshot} is not a snapshot of this app`);

const config = loadConfig({
  ...process.env,
  ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
});
const target = databaseOf(config);
if (target.kind !== manifest.database)
  fail(
    `the snapshot holds a ${manifest.database} database, the target is ${target.kind} (DATABASE_URL)`,
  );
const filesDir = path.join(config.dataDir, FILES_DIR);
const force = values.force === true;

/**
 * A restored server starts a new sync epoch (server/src/sync/epoch.ts): every device re-reads
 * its data from the start, keeps its unsent changes and sends them again.
 */
function newEpoch(run: (sql: string, params: string[]) => void): void {
  run('delete from server_secret where name = ?', [SYNC_EPOCH]);
  run('insert into server_secret (name, value, created_at) values (?, ?, ?)', [
    SYNC_EPOCH,
    randomUUID(),
    new Date().toISOString(),
  ]);
}

function sameRows(rows: Record<string, number>): void {
  for (const [table, n] of Object.entries(manifest.rows))
    if (rows[table] !== n)
      fail(`table ${table}: ${rows[table] ?? 'none'} rows restored, the manifest says ${n}`);
}

// 1. Refuse to overwrite data without --force.
const existing = existsSync(config.dataDir) ? readdirSync(config.dataDir) : [];
if (target.kind === 'sqlite') {
  if ((existing.length > 0 || existsSync(target.file)) && !force)
    fail(
      `${config.dataDir} is not empty; restore into an empty data dir or add --force (stop the server first)`,
    );
} else {
  const tables = Object.keys((await postgresContents(target.url)).rows);
  if ((tables.length > 0 || existing.length > 0) && !force)
    fail(
      'the PostgreSQL database or the data dir holds data; use an empty one or add --force (stop the server first)',
    );
}
mkdirSync(config.dataDir, { recursive: true });

// 2. The database.
if (target.kind === 'sqlite') {
  const copy = `${target.file}.restoring`;
  copyFileSync(
    path.join(snapshot, manifest.databaseFile ?? fail('the snapshot has no database')),
    copy,
  );
  const check = new SQLite(copy);
  const ok = check.pragma('integrity_check', { simple: true });
  check.close();
  if (ok !== 'ok') fail(`the snapshot's database is damaged: ${String(ok)}`);
  sameRows(sqliteContents(copy).rows);
  const restored = new SQLite(copy);
  newEpoch((q, params) => void restored.prepare(q).run(...params));
  restored.close();
  for (const suffix of ['-wal', '-shm']) rmSync(`${target.file}${suffix}`, { force: true });
  rmSync(target.file, { force: true });
  mkdirSync(path.dirname(target.file), { recursive: true });
  copyFileSync(copy, target.file);
  rmSync(copy);
} else if (manifest.databaseFile && onPath('pg_restore')) {
  if (force) {
    // pg_restore --clean would leave tables of a newer schema behind: start from an empty schema.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query('drop schema public cascade; create schema public');
    await client.end();
  }
  execFileSync('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${target.url}`,
    path.join(snapshot, manifest.databaseFile),
  ]);
  sameRows((await postgresContents(target.url)).rows);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const done: Promise<unknown>[] = [];
  newEpoch((q, params) => {
    let n = 0;
    done.push(
      client.query(
        q.replace(/\?/g, () => `$${++n}`),
        params,
      ),
    );
  });
  await Promise.all(done);
  await client.end();
} else {
  console.warn(
    `restore: the database is not restored (${manifest.databaseFile ? 'pg_restore is not on PATH' : 'not in the snapshot'}).\n${pgAdvice(target.url)}`,
  );
}

// 3. The uploaded files.
rmSync(filesDir, { recursive: true, force: true });
cpSync(path.join(snapshot, FILES_DIR), filesDir, { recursive: true });
const files = fileStats(filesDir);
// Files kept by the database store came back with its rows (the blob table's count is
// checked with the others); only a disk store's files are counted here.
if ((manifest.files.store ?? 'disk') === 'disk' && files.count !== manifest.files.count)
  fail(`${files.count} files restored, the manifest says ${manifest.files.count}`);

const total = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
console.log(
  `restore: ${snapshot} → ${config.dataDir}\n  database ${target.kind}: ${total} rows\n  files: ${files.count} (${files.bytes} bytes)\nStart the server with DATA_DIR=${config.dataDir}.`,
);
