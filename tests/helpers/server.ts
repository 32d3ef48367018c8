/** Builds the real server on a fresh SQLite database in a temporary data dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type ServerConfig } from '@server/config';
import { buildApp, type BuiltApp } from '@server/app';
import type { LogStream } from '@server/plugins/logging';

export interface TestServer extends BuiltApp {
  config: ServerConfig;
  close(): Promise<void>;
  /** Stops this server and starts a new one on the same database and data dir. */
  restart(): Promise<TestServer>;
}

/** A test server on `config` as it is; `cleanup` runs after its last close. */
export async function running(
  config: ServerConfig,
  options: { logStream?: LogStream },
  cleanup: () => Promise<void> = async () => undefined,
): Promise<TestServer> {
  const built = await buildApp(
    config,
    options.logStream ? { logStream: options.logStream } : { logger: false },
  );
  await built.app.ready();
  return {
    ...built,
    config,
    close: async () => {
      await built.app.close();
      await cleanup();
    },
    restart: async () => {
      await built.app.close();
      return running(config, options, cleanup);
    },
  };
}

/** The databases a suite runs on: SQLite always, PostgreSQL when the global setup has one. */
export function testDatabases(): { name: string; env: Record<string, string> }[] {
  const url = inject('databaseUrl');
  const list = [{ name: 'sqlite', env: {} as Record<string, string> }];
  if (url) list.push({ name: 'postgres', env: { DATABASE_URL: url } });
  else if (process.env.CI) throw new Error('CI needs PostgreSQL (see tests/global-setup.ts)');
  return list;
}

/** A fresh PostgreSQL database per test server, so suites never see each other's rows. */
export async function freshPostgres(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sm_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** `logStream`: collect the server's log lines (LOG_LEVEL from `env`, silent by default). */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { logStream?: LogStream } = {},
): Promise<TestServer> {
  const pgDb = env.DATABASE_URL ? await freshPostgres(env.DATABASE_URL) : null;
  if (pgDb) env = { ...env, DATABASE_URL: pgDb.url };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-test-'));
  const config = loadConfig({
    PORT: '8080',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    ...env,
  });
  return running(config, options, async () => {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}
