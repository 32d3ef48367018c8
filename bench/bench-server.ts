/** A real server on a free port with a fresh SQLite database, for benchmarks. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/src/config';
import { buildApp, type BuiltApp } from '../server/src/app';

export interface BenchServer extends BuiltApp {
  url: string;
  issuer: string;
  audience: string;
  close(): Promise<void>;
}

/** `distDir`: static files to serve (a built benchmark page); none by default. */
export async function startBenchServer(distDir?: string): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    DIST_DIR: distDir ?? path.join(dataDir, 'none'),
    // Benchmarks load one user far past any human's rate: the per-user API limit is off.
    RATE_LIMIT_API_PER_MINUTE: '0',
  });
  const built = await buildApp(config, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    close: async () => {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function report(name: string, value: number, unit: string, budget?: string, note?: string) {
  const shown = Number.isInteger(value) ? value : value.toFixed(2);
  const budgetText = budget ? `  (budget ${budget})` : '';
  console.log(`bench ${name}: ${shown} ${unit}${budgetText}${note ? `  (${note})` : ''}`);
}
