/** Builds the real server on a fresh SQLite database in a temporary data dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../../server/src/config';
import { buildApp, type BuiltApp } from '../../server/src/app';

export interface TestServer extends BuiltApp {
  config: ServerConfig;
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-test-'));
  const config = loadConfig({
    PORT: '8080',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    ...env,
  });
  const built = await buildApp(config, { logger: false });
  await built.app.ready();
  return {
    ...built,
    config,
    close: async () => {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
