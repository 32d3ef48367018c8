/**
 * Small hardenings of the server's edges: HSTS when the server is served over https, and a
 * sign-out request without the app's ID token (possibly from another site) that asks before it
 * signs anybody out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '@server/plugins/security-headers';
import { login } from '../helpers/oidc-login';
import { startTestServer, type TestServer } from '../helpers/server';

describe('HSTS', () => {
  it('is sent when PUBLIC_URL is https, and not over plain http', async () => {
    const https = await startTestServer({
      PUBLIC_URL: 'https://schlauch.example',
      DEMO_DATA: 'off',
    });
    const http = await startTestServer({ DEMO_DATA: 'off' });
    try {
      for (const url of ['/api/health', '/realms/hydraulik/.well-known/openid-configuration']) {
        const secure = await https.app.inject({ url });
        expect(secure.headers['strict-transport-security'], url).toBe(HSTS);
        const plain = await http.app.inject({ url });
        expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await https.close();
      await http.close();
    }
  });
});

describe('sign-out', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const logout = (query: string, cookie: string, lang = 'en-GB') =>
    s.app.inject({
      method: 'GET',
      url: `/realms/hydraulik/protocol/openid-connect/logout${query}`,
      headers: { cookie, 'accept-language': lang },
    });

  it('asks, in the browser language, before signing out without id_token_hint', async () => {
    const { jar } = await login(s.app, s.config, 'techniker');
    const res = await logout('', jar.header());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Do you want to sign out of Schlauchmanager?');
    expect(res.body).toContain('data-testid="logout-confirm"');
    // Nothing submits the form by itself.
    expect(res.body).not.toContain('logout.js');
    expect(res.body).not.toContain('<input type="hidden" name="logout"');
    const fr = await logout('', jar.header(), 'fr-FR');
    expect(fr.body).toContain('Voulez-vous vous déconnecter de Schlauchmanager ?');
  });

  it('signs out at once when the app names its ID token (the app asked already)', async () => {
    const { jar, idToken } = await login(s.app, s.config, 'techniker');
    const res = await logout(`?id_token_hint=${idToken}`, jar.header());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<input type="hidden" name="logout" value="yes"/>');
    expect(res.body).toContain('/auth-assets/logout.js');
    expect(res.body).not.toContain('data-testid="logout-confirm"');
  });
});
