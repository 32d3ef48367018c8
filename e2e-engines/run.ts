/**
 * One engine lane: `tsx e2e-engines/run.ts firefox|webkit`. Starts its own server (port
 * E2E_PORT, data dir .tmp/e2e-data-<port>, the build in E2E_DIST_DIR, built beforehand), runs
 * scenario.ts in the engine and exits non-zero when a step fails. scripts/e2e-lanes.ts runs it
 * next to the Chromium lanes (docs/testing.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Engine } from './driver';
import { firefox } from './firefox';
import { runScenario, writePhoto, type LaneServer } from './scenario';
import { webkit } from './webkit';

const name = process.argv[2];
const PORT = Number(process.env.E2E_PORT ?? (name === 'webkit' ? 8099 : 8098));
const DIST_DIR = process.env.E2E_DIST_DIR ?? 'dist';
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
const BASE_URL = `http://localhost:${PORT}`;

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

class Server implements LaneServer {
  readonly baseUrl = BASE_URL;
  private child: ChildProcess | null = null;

  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR,
        DIST_DIR,
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    const until = Date.now() + 240_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`${BASE_URL}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      if (Date.now() > until) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    this.child = null;
  }
}

/** One run of the scenario on a fresh data dir and server. */
async function attempt() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync('.tmp', { recursive: true });
  const photo = resolve(`.tmp/engine-photo-${PORT}.png`);
  writePhoto(photo);
  const server = new Server();
  let engine: Engine | null = null;
  try {
    await server.start();
    // The display and WebKitWebDriver's port follow the lane's port, so lanes never share them.
    engine = name === 'firefox' ? await firefox() : await webkit(PORT % 1000, PORT + 1000);
    await runScenario(engine, server, photo, log);
  } finally {
    await engine?.close().catch(() => undefined);
    await server.stop();
  }
}

/** In CI a failed run is retried once, as Playwright retries a Chromium test there. */
const ATTEMPTS = process.env.CI ? 2 : 1;

async function main() {
  if (name !== 'firefox' && name !== 'webkit') {
    throw new Error('usage: tsx e2e-engines/run.ts firefox|webkit');
  }
  const started = Date.now();
  for (let n = 1; ; n++) {
    try {
      await attempt();
      break;
    } catch (error) {
      if (n >= ATTEMPTS) throw error;
      log(
        `${name}: attempt ${n} failed, retrying: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }
  log(`${name}: passed in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(
      `${name}: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
