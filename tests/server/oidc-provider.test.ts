import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { CookieJar, login, pathOf, startAuthorization, submitLogin } from '../helpers/oidc-login';
import { loadConfig } from '@server/config';
import { buildApp } from '@server/app';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function openLoginPage(
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const jar = new CookieJar();
  const { res } = await startAuthorization(s.app, s.config, jar);
  expect(res.statusCode).toBe(303);
  const loginPath = pathOf(res.headers.location);
  expect(loginPath).toMatch(/^\/realms\/hydraulik\/login-actions\/[\w-]+$/);
  const qs = new URLSearchParams(query).toString();
  const page = await s.app.inject({
    url: qs ? `${loginPath}?${qs}` : loginPath,
    headers: { cookie: jar.header(), ...headers },
  });
  jar.store(page);
  return { jar, loginPath, page };
}

describe('embedded OpenID Connect provider', () => {
  it('publishes discovery at Keycloak paths', async () => {
    const res = await s.app.inject({ url: '/realms/hydraulik/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.issuer).toBe('http://localhost:8080/realms/hydraulik');
    expect(d.authorization_endpoint).toBe(
      'http://localhost:8080/realms/hydraulik/protocol/openid-connect/auth',
    );
    expect(d.token_endpoint).toMatch(/\/realms\/hydraulik\/protocol\/openid-connect\/token$/);
    expect(d.jwks_uri).toMatch(/\/protocol\/openid-connect\/certs$/);
    expect(d.end_session_endpoint).toMatch(/\/protocol\/openid-connect\/logout$/);
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an authorization request without PKCE', async () => {
    const params = new URLSearchParams({
      client_id: 'hydraulik-app',
      redirect_uri: 'http://localhost:8080/auth/login',
      response_type: 'code',
      scope: 'openid',
    });
    const res = await s.app.inject({
      url: `/realms/hydraulik/protocol/openid-connect/auth?${params}`,
    });
    expect(pathOf(res.headers.location)).toContain('error=invalid_request');
  });

  it('refuses a redirect URI that is not registered', async () => {
    const params = new URLSearchParams({
      client_id: 'hydraulik-app',
      redirect_uri: 'http://evil.example/auth/login',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await s.app.inject({
      url: `/realms/hydraulik/protocol/openid-connect/auth?${params}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('shows a login page with Keycloak element ids, in German by default', async () => {
    const { page } = await openLoginPage();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="de">');
    for (const id of ['id="username"', 'id="password"', 'id="kc-login"'])
      expect(page.body).toContain(id);
    expect(page.body).toContain('Anmelden bei Schlauchmanager');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('translates the login page by ui_locales or the lng switch, and keeps the choice in a cookie', async () => {
    const en = await openLoginPage({}, { 'accept-language': 'en-GB,en;q=0.8' });
    expect(en.page.body).toContain('Sign in to Schlauchmanager');
    const fr = await openLoginPage({ lng: 'fr' });
    expect(fr.page.body).toContain('<html lang="fr">');
    expect(fr.page.body).toContain('Connexion à Schlauchmanager');
    expect(String(fr.page.headers['set-cookie'])).toMatch(
      /locale=fr; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
  });

  it('says clearly when the password is wrong, and keeps the username', async () => {
    const { jar, loginPath } = await openLoginPage();
    const res = await submitLogin(s.app, loginPath, jar, 'buero', 'wrong');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('Benutzername oder Passwort ist falsch.');
    expect(res.body).toContain('value="buero"');
    const unknown = await submitLogin(s.app, loginPath, jar, 'nobody', 'demo');
    expect(unknown.body).toContain('Benutzername oder Passwort ist falsch.');
    const empty = await submitLogin(s.app, loginPath, jar, '', '');
    expect(empty.body).toContain('Bitte Benutzername und Passwort eingeben.');
  });

  it('slows down password guessing after five failures', async () => {
    const { jar, loginPath } = await openLoginPage();
    for (let i = 0; i < 5; i++) await submitLogin(s.app, loginPath, jar, 'kunde', `guess${i}`);
    // Locked even with the right password (no other test here signs in as kunde).
    const res = await submitLogin(s.app, loginPath, jar, 'kunde', 'demo');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/Zu viele fehlgeschlagene Versuche\. Bitte in \d+ Sekunden/);
  });

  it('signs in with the right password and issues a JWT with Keycloak claims', async () => {
    const { accessToken, idToken } = await login(s.app, s.config, 'buero');
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'http://localhost:8080/realms/hydraulik',
      aud: 'urn:hydraulik:api',
      azp: 'hydraulik-app',
      preferred_username: 'buero',
      given_name: 'Bea',
      family_name: 'Büro',
      realm_access: { roles: ['ui-admininstrator', 'admin-shop', 'module-dguv'] },
    });
    expect(claims.customer_id).toBeUndefined();
    expect(idToken.split('.')).toHaveLength(3);
  });

  it('issues no refresh token (keycloak-js cannot read oidc-provider ones)', async () => {
    const { accessToken } = await login(s.app, s.config, 'admin');
    expect(accessToken).toBeTruthy();
    const d = (
      await s.app.inject({ url: '/realms/hydraulik/.well-known/openid-configuration' })
    ).json();
    expect(d.grant_types_supported).not.toContain('refresh_token');
  });
});

describe('persistence across a restart', () => {
  it('keeps signing keys and the sign-in session', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-restart-'));
    const env = { PORT: '8080', DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'none') };
    try {
      const first = await buildApp(loadConfig(env), { logger: false });
      const { accessToken, jar } = await login(first.app, loadConfig(env), 'techniker');
      await first.app.close();

      const second = await buildApp(loadConfig(env), { logger: false });
      const res = await second.app.inject({
        url: '/api/auth/session',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(res.statusCode).toBe(200);
      // The provider session cookie still works: a new authorization needs no login page.
      const { res: auth } = await startAuthorization(second.app, loadConfig(env), jar);
      let location = pathOf(auth.headers.location);
      for (let i = 0; i < 4 && !location.startsWith('/auth/login'); i++) {
        const hop = await second.app.inject({ url: location, headers: { cookie: jar.header() } });
        jar.store(hop);
        location = pathOf(hop.headers.location);
      }
      expect(location).toMatch(/^\/auth\/login#.*code=/);
      await second.app.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
