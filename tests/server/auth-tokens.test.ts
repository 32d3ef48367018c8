import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { login } from '../helpers/oidc-login';
import { mintToken } from '../helpers/tokens';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const session = (token?: string) =>
  s.app.inject({
    url: '/api/auth/session',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const TOKEN_INVALID = { status: 401, code: 'token_invalid', message: 'token invalid' };

describe('token checks on /api', () => {
  it('accepts a token from the embedded provider and returns the session info', async () => {
    const { accessToken } = await login(s.app, s.config, 'techniker');
    const res = await session(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      loggedIn: true,
      isCustomer: false,
      customerId: null,
      user: {
        username: 'techniker',
        name: 'Tom Techniker',
        firstName: 'Tom',
        lastName: 'Techniker',
        roles: ['module-dguv'],
        customer: null,
      },
    });
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 9 * 3600_000);
  });

  it("carries the user's competent-person profile as the office keeps it", async () => {
    const { accessToken } = await login(s.app, s.config, 'techniker');
    const before = (await session(accessToken)).json();
    expect(before.user.competentPerson).toEqual({
      qualification: null,
      training: null,
      lastRefresher: null,
    });
    const admin = (await login(s.app, s.config, 'admin')).accessToken;
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/cms/profile',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        id: before.user.id,
        qualification: 'Industriemeister Hydraulik',
        training: 'Befähigte Person Schlauchleitungen',
        lastRefresher: '2024-05-10',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await session(accessToken)).json().user.competentPerson).toEqual({
      qualification: 'Industriemeister Hydraulik',
      training: 'Befähigte Person Schlauchleitungen',
      lastRefresher: '2024-05-10',
    });
  });

  it('marks a customer user with the customer id', async () => {
    const { accessToken } = await login(s.app, s.config, 'kunde');
    const body = (await session(accessToken)).json();
    expect(body.isCustomer).toBe(true);
    expect(body.customerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user.customer).toBe(body.customerId);
    expect(body.user.roles).toEqual([]);
  });

  it('accepts a well-formed token minted with the provider key (control for the cases below)', async () => {
    expect((await session(await mintToken(s))).statusCode).toBe(200);
  });

  it.each([
    ['no token', async () => undefined],
    ['garbage', async () => 'not.a.jwt'],
    ['expired', async () => mintToken(s, { expiresInS: -120 })],
    ['forged (foreign key)', async () => mintToken(s, { key: 'foreign' })],
    ['wrong issuer', async () => mintToken(s, { issuer: 'http://evil.example/realms/hydraulik' })],
    ['wrong audience', async () => mintToken(s, { audience: 'urn:other:api' })],
  ])('refuses %s with 401 token invalid', async (_name, make) => {
    const res = await session(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(TOKEN_INVALID);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${enc({ alg: 'none' })}.${enc({ sub: 'x', iss: s.config.auth.issuer, aud: s.config.auth.audience, exp: now + 600 })}.`;
    expect((await session(token)).statusCode).toBe(401);
  });

  it('keeps public endpoints open', async () => {
    expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const cfg = await s.app.inject({ url: '/api/public/config' });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json()).toMatchObject({
      isTestEnv: false,
      customer: null,
      auth: { url: 'http://localhost:8080', realm: 'hydraulik', clientId: 'hydraulik-app' },
    });
  });

  it('answers an unknown API path with a JSON 404 once the token is valid', async () => {
    const res = await s.app.inject({
      url: '/api/nothing-here',
      headers: { authorization: `Bearer ${await mintToken(s)}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });
});
