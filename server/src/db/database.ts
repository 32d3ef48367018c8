/**
 * The database: SQLite (better-sqlite3, a file in DATA_DIR) by default, PostgreSQL when
 * DATABASE_URL is a postgres:// URL. Both speak through Kysely with camelCase names in code
 * and snake_case in the database; migrations run at start. The handle is guarded
 * (transaction-guard.ts): using it from inside its own open transaction throws at once.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { EntityStoreDb, Database } from './schema';
import { migrations } from './migrations';
import { startCheckpointer } from './checkpointer';
import { guardedDialect, guardedKysely } from './transaction-guard';

export type DbKind = 'sqlite' | 'postgres';

export interface Db {
  /** Typed by table (schema.ts; the entity tables derived from the registry). */
  kysely: Kysely<Database>;
  /**
   * The same handle for code that reaches entity tables by a name from the registry
   * (`def.table`): any table, columns as unknown (rows.ts converts them).
   */
  store: Kysely<EntityStoreDb>;
  kind: DbKind;
  /**
   * Runs `fn` under the start-up lock: migrations and seeding of one instance at a time.
   * PostgreSQL: a session advisory lock on a connection of its own (every instance on the
   * database waits for it). SQLite: one process owns the file; its instances (tests) queue.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The connection pool's state (PostgreSQL), null for SQLite's one connection. */
  pool(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The advisory lock's key (two int4): "SM", 1 — start-up. */
const STARTUP_LOCK = [0x534d, 1] as const;

async function withAdvisoryLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...STARTUP_LOCK]);
    return await fn();
  } finally {
    // Ending the session releases the lock as well (also when the unlock cannot be sent).
    await client.query('select pg_advisory_unlock($1, $2)', [...STARTUP_LOCK]).catch(() => null);
    await client.end().catch(() => undefined);
  }
}

/** SQLite start-up: a queue per database file within this process. */
const fileLocks = new Map<string, Promise<unknown>>();

function withFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const before = fileLocks.get(file) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(fn);
  const tail = mine.catch(() => undefined);
  fileLocks.set(file, tail);
  void tail.then(() => {
    if (fileLocks.get(file) === tail) fileLocks.delete(file);
  });
  return mine;
}

export function openDb(options: { databaseUrl: string | null; dataDir: string }): Db {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the database closes (restart, failover, admin) is dropped by the pool
    // and the next query opens a new one; without a listener the error would end the process.
    pool.on('error', () => undefined);
    // The same for a connection that is checked out but between statements when it drops
    // (an outage): the statement in flight fails with the error, nothing else may throw it.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = guardedKysely(
      new Kysely<Database>({
        dialect: guardedDialect(new PostgresDialect({ pool })),
        plugins: [new CamelCasePlugin()],
      }),
    );
    return {
      kysely,
      store: kysely.withTables<EntityStoreDb>(),
      kind: 'postgres',
      withStartupLock: (fn) => withAdvisoryLock(url, fn),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => kysely.destroy(),
    };
  }
  let file: string;
  if (url === ':memory:') file = ':memory:';
  else {
    mkdirSync(options.dataDir, { recursive: true });
    file = url?.startsWith('sqlite:')
      ? url.slice('sqlite:'.length)
      : path.join(options.dataDir, 'schlauchmanager.sqlite');
  }
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = guardedKysely(
    new Kysely<Database>({
      dialect: guardedDialect(new SqliteDialect({ database: withStatementCache(database, file) })),
      plugins: [new CamelCasePlugin()],
    }),
  );
  return {
    kysely,
    store: kysely.withTables<EntityStoreDb>(),
    kind: 'sqlite',
    withStartupLock: (fn) => (file === ':memory:' ? fn() : withFileLock(path.resolve(file), fn)),
    pool: () => null,
    close: () => kysely.destroy(),
  };
}

/**
 * WAL pages after which SQLite checkpoints inside a commit after all (≈ 80 MB): only when the
 * checkpointer thread (checkpointer.ts) cannot keep up, or for in-memory databases.
 */
const WAL_PAGES_MAX = 20_000;

/**
 * Kysely prepares every statement anew; better-sqlite3's prepare parses and plans the SQL
 * each time (a third of a small query's cost). Statements are reusable, so the same SQL text
 * gets the same prepared statement. Nothing streams (`iterate`), so a cached statement is
 * never busy when it is handed out again. The WAL is checkpointed off the request path, on
 * the checkpointer thread (none for an in-memory database).
 */
function withStatementCache(database: SQLite.Database, file: string, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  database.pragma(`wal_autocheckpoint = ${WAL_PAGES_MAX}`);
  const checkpointer = file === ':memory:' ? null : startCheckpointer(file);
  return {
    close: () => {
      checkpointer?.close();
      cache.clear();
      database.close();
    },
    prepare: (text: string) => {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = database.prepare(text);
        // Schema changes (migrations) invalidate nothing here: SQLite re-prepares a stale
        // statement itself. The oldest entry goes when the cache is full.
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/** Whether the database answers within `timeoutMs` (an unreachable host never refuses). */
export async function pingDb(db: Db, timeoutMs = 3_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const answered = sql`select 1`.execute(db.kysely).then(
      () => true,
      () => false,
    );
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
