/**
 * The embedded provider answers where Keycloak's clients look (docs/api.md, "Sign-in"): the
 * realm's public information, userinfo and token introspection for the access tokens it
 * issues (signed JWTs), the granted scope in the token response — and no authorization code,
 * state or token in the server's log, even when a client takes its code in a query string.
 */
import { createPublicKey } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '@server/plugins/logging';
import { startTestServer, type TestServer } from '../helpers/server';
import { login, type LoginResult } from '../helpers/oidc-login';

const REALM = '/realms/hydraulik';
const OPENID = `${REALM}/protocol/openid-connect`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let s: TestServer;
const lines: string[] = [];
let signedIn: LoginResult;

beforeAll(async () => {
  s = await startTestServer(
    { LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  signedIn = await login(s.app, s.config, 'buero', 'demo', 'query');
});
afterAll(() => s.close());

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

function introspect(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return s.app.inject({
    method: 'POST',
    url: `${OPENID}/token/introspect`,
    headers: { ...FORM, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('Keycloak-shaped realm endpoints', () => {
  it('answers the realm URL with its name, signing key and service URLs', async () => {
    const res = await s.app.inject({ url: REALM });
    expect(res.statusCode).toBe(200);
    const realm = res.json<Record<string, unknown>>();
    expect(realm).toEqual({
      realm: 'hydraulik',
      public_key: expect.stringMatching(/^MII[A-Za-z0-9+/=]+$/),
      'token-service': 'http://localhost:8080/realms/hydraulik/protocol/openid-connect',
      'account-service': 'http://localhost:8080/realms/hydraulik/account',
      'tokens-not-before': 0,
    });
    // The key is the one that signs: a token verifies with it alone.
    const pem = `-----BEGIN PUBLIC KEY-----\n${String(realm.public_key)}\n-----END PUBLIC KEY-----`;
    const { payload } = await jwtVerify(signedIn.accessToken, await importSPKI(pem, 'RS256'));
    expect(payload.preferred_username).toBe('buero');
    const certs = (await s.app.inject({ url: `${OPENID}/certs` })).json<{ keys: object[] }>();
    const first = createPublicKey({ key: certs.keys[0] as never, format: 'jwk' });
    expect(first.export({ type: 'spki', format: 'der' }).toString('base64')).toBe(realm.public_key);
  });

  it('returns the granted scope in the token response and the access token', () => {
    expect(signedIn.tokenResponse.scope).toBe('openid');
    expect(claimsOf(signedIn.accessToken).scope).toBe('openid');
  });

  it("gives the user of the provider's own access token at userinfo (GET and POST)", async () => {
    const expected = {
      sub: claimsOf(signedIn.accessToken).sub,
      preferred_username: 'buero',
      given_name: 'Bea',
      family_name: 'Büro',
      name: 'Bea Büro',
    };
    const get = await s.app.inject({
      url: `${OPENID}/userinfo`,
      headers: { authorization: `Bearer ${signedIn.accessToken}` },
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json()).toMatchObject(expected);
    const post = await s.app.inject({
      method: 'POST',
      url: `${OPENID}/userinfo`,
      headers: FORM,
      payload: new URLSearchParams({ access_token: signedIn.accessToken }).toString(),
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toMatchObject(expected);
  });

  it('refuses userinfo without a valid token, as Keycloak does', async () => {
    const forged = `${signedIn.accessToken.slice(0, -4)}AAAA`;
    for (const token of [forged, signedIn.idToken]) {
      const res = await s.app.inject({
        url: `${OPENID}/userinfo`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
      expect(res.json()).toMatchObject({ error: 'invalid_token' });
    }
    const none = await s.app.inject({ url: `${OPENID}/userinfo` });
    expect(none.statusCode).toBe(401);
  });

  it('introspects its JWT access tokens with Keycloak claims', async () => {
    const res = await introspect({ token: signedIn.accessToken, client_id: 'hydraulik-app' });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<Record<string, unknown>>();
    expect(out).toMatchObject({
      active: true,
      sub: claimsOf(signedIn.accessToken).sub,
      client_id: 'hydraulik-app',
      username: 'buero',
      scope: 'openid',
      token_type: 'Bearer',
      iss: 'http://localhost:8080/realms/hydraulik',
      aud: 'urn:hydraulik:api',
      realm_access: { roles: ['ui-admininstrator', 'admin-shop', 'module-dguv'] },
    });
    expect(out.exp).toBe(claimsOf(signedIn.accessToken).exp);
    // HTTP Basic client authentication works the same.
    const basic = await introspect(
      { token: signedIn.accessToken },
      { authorization: `Basic ${Buffer.from('hydraulik-app:').toString('base64')}` },
    );
    expect(basic.json()).toMatchObject({ active: true, username: 'buero' });
  });

  it('says inactive for a forged, foreign or non-access token, and refuses an unknown client', async () => {
    for (const token of [`${signedIn.accessToken.slice(0, -4)}AAAA`, signedIn.idToken, 'opaque']) {
      const res = await introspect({ token, client_id: 'hydraulik-app' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ active: false });
    }
    const stranger = await introspect({ token: signedIn.accessToken, client_id: 'other' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ error: 'invalid_client' });
    const anonymous = await introspect({ token: signedIn.accessToken });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers a locked user's token as inactive and refuses it at userinfo", async () => {
    const kunde = await login(s.app, s.config, 'kunde');
    const before = await introspect({ token: kunde.accessToken, client_id: 'hydraulik-app' });
    expect(before.json()).toMatchObject({ active: true, username: 'kunde' });
    await s.db.kysely
      .updateTable('users')
      .set({ lockedAt: new Date().toISOString() })
      .where('username', '=', 'kunde')
      .execute();
    const after = await introspect({ token: kunde.accessToken, client_id: 'hydraulik-app' });
    expect(after.json()).toEqual({ active: false });
    const info = await s.app.inject({
      url: `${OPENID}/userinfo`,
      headers: { authorization: `Bearer ${kunde.accessToken}` },
    });
    expect(info.statusCode).toBe(401);
  });

  it('still publishes both endpoints in the discovery document', async () => {
    const d = (await s.app.inject({ url: `${REALM}/.well-known/openid-configuration` })).json();
    expect(d.userinfo_endpoint).toBe(`http://localhost:8080${OPENID}/userinfo`);
    expect(d.introspection_endpoint).toBe(`http://localhost:8080${OPENID}/token/introspect`);
  });
});

describe('the server log', () => {
  it('never carries the authorization code, state or tokens of a sign-in by query', async () => {
    // Userinfo and introspection with the token too, so that their lines are in the log.
    await s.app.inject({
      url: `${OPENID}/userinfo`,
      headers: { authorization: `Bearer ${signedIn.accessToken}` },
    });
    await introspect({ token: signedIn.accessToken, client_id: 'hydraulik-app' });
    const log = lines.join('');
    // The app's page was requested with the code in its query, and every request was logged
    // (by its route, never its query: docs/operations.md "Logs").
    const requests = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requests.length).toBeGreaterThan(5);
    expect(log).not.toMatch(/code=|state=/);
    expect(signedIn.code.length).toBeGreaterThan(20);
    for (const secret of [signedIn.code, signedIn.state, signedIn.accessToken, signedIn.idToken])
      expect(log).not.toContain(secret);
  });

  it('masks every credential-bearing query parameter of a logged URL', () => {
    expect(
      redactUrl(
        '/auth/login?state=s1&session_state=s2&iss=x&code=c1&x=1&code_verifier=v&token=t&password=p',
      ),
    ).toBe(
      '/auth/login?state=[redacted]&session_state=[redacted]&iss=x&code=[redacted]&x=1&code_verifier=[redacted]&token=[redacted]&password=[redacted]',
    );
    // Names that merely end like one stay.
    expect(redactUrl('/api/x?postcode=12345&barcode=7')).toBe('/api/x?postcode=12345&barcode=7');
  });
});
