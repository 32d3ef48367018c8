/**
 * TRUST_PROXY names the balancers (docs/operations.md "Configuration"): a request that came
 * from one of them is counted against the client address it forwarded; a client that reaches
 * the instance directly is counted against its own address, whatever X-Forwarded-For it sends.
 * The per-address limit of the report verification shows which address the server took.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ DEMO_DATA: 'off', TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' });
});
afterAll(() => s?.close());

async function countedAgainst(remoteAddress: string, forwardedFor?: string): Promise<string[]> {
  await s.db.kysely.deleteFrom('rateLimit').where('key', 'like', 'verify:%').execute();
  const res = await s.app.inject({
    url: '/api/public/verify/20261124-7F3A2C',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  expect(res.statusCode).toBe(404);
  const rows = await s.db.kysely
    .selectFrom('rateLimit')
    .select('key')
    .where('key', 'like', 'verify:%')
    .execute();
  return rows.map((r) => r.key);
}

it("takes the client's address from a trusted balancer", async () => {
  expect(await countedAgainst('10.0.0.1', '203.0.113.7')).toEqual(['verify:203.0.113.7']);
  expect(await countedAgainst('10.0.1.20', '203.0.113.8')).toEqual(['verify:203.0.113.8']);
  // What the client put in front itself is not believed: the balancer appended the real one.
  expect(await countedAgainst('10.0.0.1', '192.0.2.1, 203.0.113.9')).toEqual([
    'verify:203.0.113.9',
  ]);
});

it('ignores X-Forwarded-For from anyone else', async () => {
  expect(await countedAgainst('198.51.100.9', '203.0.113.7')).toEqual(['verify:198.51.100.9']);
});

it('reads TRUST_PROXY as a flag or a list of addresses', () => {
  expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '127.0.0.1,::1' }).trustProxy).toEqual(['127.0.0.1', '::1']);
  expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  // Behind a balancer the per-address connection cap is its job.
  expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).http.connectionsPerAddress).toBe(0);
  expect(loadConfig({}).http.connectionsPerAddress).toBe(256);
});
