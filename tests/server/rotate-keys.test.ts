/**
 * scripts/rotate-keys.ts: after a rotation the server signs with the new key and still accepts
 * tokens of the old one; after `--retire` the old tokens are refused (401).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { loadProviderKeys } from '@server/oidc/keys';
import { mintToken } from '../helpers/tokens';
import { running, type TestServer } from '../helpers/server';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-rotate-'));
const env = { PORT: '8080', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'off' };

async function start(): Promise<TestServer> {
  const config = loadConfig({ ...env, DIST_DIR: path.join(dataDir, 'no-dist') });
  return running(config, {});
}
const rotate = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/rotate-keys.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
/** Any authenticated read: 200 with a valid token, 401 without. */
const profile = (s: TestServer, token: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/cms/manufacturer/query',
    headers: { authorization: `Bearer ${token}` },
    payload: { parameter: { page: 1, limit: 1 } },
  });

describe('rotating the embedded provider keys', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('signs with the new key, accepts the old until retired, then refuses it', async () => {
    let s = await start();
    const oldKid = (await loadProviderKeys(s.db.kysely)).jwks.keys[0]?.kid;
    const oldToken = await mintToken(s);
    expect((await profile(s, oldToken)).statusCode).toBe(200);
    await s.close();

    await rotate();
    s = await start();
    const keys = await loadProviderKeys(s.db.kysely);
    expect(keys.jwks.keys).toHaveLength(2);
    expect(keys.jwks.keys[0]?.kid).not.toBe(oldKid);
    expect(keys.publicJwks.keys.map((k) => k.kid)).toContain(oldKid);
    expect((await profile(s, oldToken)).statusCode).toBe(200);
    const newToken = await mintToken(s); // signed with jwks.keys[0]: the new key
    expect((await profile(s, newToken)).statusCode).toBe(200);
    await s.close();

    await rotate('--retire');
    s = await start();
    expect((await profile(s, oldToken)).statusCode).toBe(401);
    expect((await profile(s, newToken)).statusCode).toBe(200);
    await s.close();
  }, 60_000);
});
