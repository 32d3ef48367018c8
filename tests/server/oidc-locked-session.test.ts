/**
 * A locked or deleted account with an open session at the embedded provider: the next
 * authorization (a reload of the app, "Zur Anwendung") meets the sign-in page with a clear
 * message — not a server error — and that page signs in another user on the same browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { finishLogin, login, pathOf, startAuthorization, submitLogin } from '../helpers/oidc-login';
import { deleteUser, lockUser } from '../helpers/users';
import { findUserByUsername } from '@server/modules/users/users.repository';

const GONE =
  'Die bisherige Anmeldung gilt nicht mehr: Das Konto wurde gesperrt oder entfernt. Bitte melden Sie sich an.';

describe('a session of an account locked or deleted meanwhile', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const userId = async (name: string) => (await findUserByUsername(s.db.kysely, name))!.id;

  it('shows the sign-in page with the reason on the reload, and lets another user in', async () => {
    const first = await login(s.app, s.config, 'techniker');
    await lockUser(s.db.kysely, await userId('techniker'));
    // The reload: a new authorization request with the browser's session cookie.
    const {
      res: auth,
      verifier,
      redirectUri,
    } = await startAuthorization(s.app, s.config, first.jar);
    expect(auth.statusCode, auth.body).toBeLessThan(400);
    const loginPath = pathOf(auth.headers.location);
    const page = await s.app.inject({
      method: 'GET',
      url: loginPath,
      headers: { cookie: first.jar.header() },
    });
    first.jar.store(page);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('name="username"');
    expect(page.body).toContain(GONE);
    // The same browser signs in as someone else, and gets their token.
    const started = { jar: first.jar, verifier, redirectUri, loginPath, page };
    const submitted = await submitLogin(s.app, loginPath, first.jar, 'buero', 'demo');
    const next = await finishLogin(s.app, s.config, started, submitted);
    const claims = JSON.parse(
      Buffer.from(next.accessToken.split('.')[1]!, 'base64url').toString(),
    ) as { preferred_username: string };
    expect(claims.preferred_username).toBe('buero');
    await s.db.kysely.updateTable('users').set({ lockedAt: null }).execute();
  });

  it('does the same for a deleted account', async () => {
    const first = await login(s.app, s.config, 'kunde');
    await deleteUser(s.db.kysely, await userId('kunde'));
    const { res: auth } = await startAuthorization(s.app, s.config, first.jar);
    expect(auth.statusCode, auth.body).toBe(303);
    const page = await s.app.inject({
      method: 'GET',
      url: pathOf(auth.headers.location),
      headers: { cookie: first.jar.header() },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(GONE);
  });
});
