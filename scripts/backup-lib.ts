/**
 * What `npm run backup` and `npm run restore` share: where the data of a configured server
 * lives (the SQLite file or the PostgreSQL URL, and DATA_DIR/files), the snapshot's layout and
 * its manifest, and counting rows and files to prove a snapshot complete.
 *
 * A snapshot directory holds:
 *   manifest.json            version, time, database kind, row counts per table, file count
 *   schlauchmanager.sqlite   SQLite: an online backup (consistent while the server writes)
 *   database.pgdump          PostgreSQL: `pg_dump --format=custom` (when pg_dump is on PATH)
 *   files/                   the disk file store (DATA_DIR/files), same relative paths: the
 *                            uploads and the approved reports' PDFs
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerConfig } from '../server/src/config';
import { approvedReportKey } from '../server/src/modules/dguv/report-blobs';

export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'schlauchmanager.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';
export const FILES_DIR = 'files';

export interface Manifest {
  format: 1;
  app: 'schlauchmanager';
  /** package.json version of the app that wrote it (its migrations shaped the schema). */
  version: string;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The database file in the snapshot; null when PostgreSQL was not dumped (no pg_dump). */
  databaseFile: string | null;
  rows: Record<string, number>;
  /**
   * The uploaded files: on disk in the snapshot's `files/` (store `disk`), inside the database
   * dump (`database`: `count` blob rows), or in the S3 bucket, which this backup does not hold
   * (`s3`; docs/operations.md "Backups"). Absent in snapshots from before file stores: `disk`.
   */
  files: { store?: 'disk' | 'database' | 's3'; count: number; bytes: number; missing: string[] };
}

export type Target = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The database a server with this configuration uses (same rules as server/src/db). */
export function databaseOf(config: ServerConfig): Target {
  const url = config.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  if (url === ':memory:') throw new Error('an in-memory database cannot be backed up');
  const file = url?.startsWith('sqlite:')
    ? url.slice('sqlite:'.length)
    : path.join(config.dataDir, SQLITE_FILE);
  return { kind: 'sqlite', file: path.resolve(file) };
}

/** Half-written uploads (`.upload-<uuid>`) are not files yet: never copied. */
export const isFinishedUpload = (file: string) => !path.basename(file).startsWith('.upload-');

/** Every regular file under `dir`, as paths relative to it (posix separators). */
export function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) return listFiles(path.join(dir, e.name), rel);
    return e.isFile() && isFinishedUpload(e.name) ? [rel] : [];
  });
}

export function fileStats(dir: string): { count: number; bytes: number } {
  const files = listFiles(dir);
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
  return { count: files.length, bytes };
}

/**
 * Rows per table, the file store keys the rows name (each `file` row's stored path, each approved
 * report's PDF) and the database file store's blobs.
 */
export interface Contents {
  rows: Record<string, number>;
  paths: string[];
  blobs: { key: string; size: number }[];
}

/** A database's contents (`Contents`), read from a SQLite file. */
export function sqliteContents(file: string): Contents {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const rows: Record<string, number> = {};
    for (const t of tables)
      rows[t] = db
        .prepare(`select count(*) from "${t.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number;
    const paths = tables.includes('file')
      ? (db.prepare('select storage_path from file').pluck().all() as string[])
      : [];
    if (
      hasReportSize(
        db
          .prepare('select name from pragma_table_info(?)')
          .pluck()
          .all('approved_report') as string[],
      )
    )
      paths.push(
        ...(db.prepare('select sha256 from approved_report').pluck().all() as string[]).map(
          approvedReportKey,
        ),
      );
    const blobs = tables.includes('blob')
      ? (db.prepare('select key, size from blob').all() as { key: string; size: number }[])
      : [];
    return { rows, paths, blobs };
  } finally {
    db.close();
  }
}

/**
 * The same for a PostgreSQL database (schema public), read in one snapshot; `during` runs while
 * that snapshot is held, with its id (pg_dump --snapshot), so a dump matches these counts.
 */
export async function postgresContents(
  url: string,
  during?: (snapshot: string) => Promise<void>,
): Promise<Contents> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
      .rows[0]?.id;
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      const r = await client.query<{ n: string }>(
        `select count(*) as n from "${name.replace(/"/g, '""')}"`,
      );
      rows[name] = Number(r.rows[0]?.n ?? 0);
    }
    const paths = tables.some((t) => t.name === 'file')
      ? (await client.query<{ p: string }>('select storage_path as p from file')).rows.map(
          (r) => r.p,
        )
      : [];
    const { rows: reportColumns } = await client.query<{ name: string }>(
      "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'approved_report'",
    );
    if (hasReportSize(reportColumns.map((c) => c.name)))
      paths.push(
        ...(
          await client.query<{ sha: string }>('select sha256 as sha from approved_report')
        ).rows.map((r) => approvedReportKey(r.sha)),
      );
    const blobs = tables.some((t) => t.name === 'blob')
      ? (await client.query<{ key: string; size: number }>('select key, size from blob')).rows
      : [];
    if (during && snapshot) await during(snapshot);
    await client.query('commit');
    return { rows, paths, blobs };
  } finally {
    await client.end();
  }
}

/**
 * Whether the approved reports' PDFs are in the file store: their record has a size and no
 * bytes (before, the record held the PDF and the dump carried it).
 */
const hasReportSize = (columns: string[]) => columns.includes('size') && !columns.includes('pdf');

/** True when `command` runs (e.g. `pg_dump --version`). */
export function onPath(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** How to back up and restore PostgreSQL by hand (the password masked). */
export function pgAdvice(url: string): string {
  const safe = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  return [
    'PostgreSQL: back the database up with its own tool, consistent while the server runs:',
    `  pg_dump --format=custom --no-owner --no-privileges --file=database.pgdump '${safe}'`,
    'and restore it into an empty database (server stopped) with:',
    `  pg_restore --no-owner --no-privileges --dbname='${safe}' database.pgdump`,
  ].join('\n');
}

/**
 * Makes everything under `dir` readable by its owner only (files 0600, directories 0700):
 * copies keep their source's mode, which may be wider than a backup may be.
 */
export function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(full);
    else chmodSync(full, 0o600);
  }
}
