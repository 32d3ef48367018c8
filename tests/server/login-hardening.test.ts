/**
 * A per-address limit of failed sign-ins
 * (password spraying across usernames), locked and deleted users refused with the words of a
 * wrong password, and the one-time password that must be replaced before the sign-in ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { finishLogin, login, openLoginPage, submitForm, submitLogin } from '../helpers/oidc-login';
import { deleteUser, lockUser } from '../helpers/users';
import { findUserByUsername } from '@server/modules/users/users.repository';
import { hashPassword } from '@server/modules/users/password';
import { BUSY_ADDRESS_DELAY_MS } from '@server/oidc/login-submit';

const WRONG = 'Benutzername oder Passwort ist falsch.';

describe('sign-in page hardening', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const userId = async (name: string) => (await findUserByUsername(s.db.kysely, name))!.id;

  it('slows a busy address down and answers its wrong passwords 429, never its right ones', async () => {
    const started = await openLoginPage(s.app, s.config);
    const from = (address: string, username: string, password: string) =>
      s.app.inject({
        method: 'POST',
        url: started.loginPath,
        remoteAddress: address,
        headers: {
          cookie: started.jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ username, password }).toString(),
      });
    for (let i = 0; i < 20; i++) {
      const res = await from('10.9.9.9', `user${i}`, 'sommer');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(200);
      expect(res.body).toContain(WRONG);
    }
    // A wrong password from the busy address: held back, then refused.
    const t0 = Date.now();
    const refused = await from('10.9.9.9', 'buero', 'falsch');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(BUSY_ADDRESS_DELAY_MS - 50);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Zu viele fehlgeschlagene Anmeldungen von dieser Adresse');
    // The right password of a real user from that same address still signs in (an office
    // behind one NAT is not locked out by whoever failed there).
    const right = await from('10.9.9.9', 'techniker', 'demo');
    expect(right.statusCode, right.body).toBe(303);
    // Another address signs in as usual.
    const other = await openLoginPage(s.app, s.config);
    expect((await submitLogin(s.app, other.loginPath, other.jar, 'buero', 'demo')).statusCode).toBe(
      303,
    );
  });

  describe('from a fresh address', () => {
    let n = 0;
    /** Each case from its own address, so the per-address limit above stays out of the way. */
    const post = async (fields: Record<string, string>, started?: Started) => {
      const st = started ?? (await openLoginPage(s.app, s.config));
      const res = await s.app.inject({
        method: 'POST',
        url: st.loginPath,
        remoteAddress: `10.1.0.${++n}`,
        headers: { cookie: st.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      st.jar.store(res);
      return { res, started: st };
    };
    type Started = Awaited<ReturnType<typeof openLoginPage>>;

    it('refuses a locked user with the wording of a wrong password', async () => {
      await lockUser(s.db.kysely, await userId('techniker'));
      const { res } = await post({ username: 'techniker', password: 'demo' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(WRONG);
      await s.db.kysely.updateTable('users').set({ lockedAt: null }).execute();
    });

    it('refuses a deleted user with the wording of a wrong password', async () => {
      await s.db.kysely
        .insertInto('users')
        .values({
          id: crypto.randomUUID(),
          username: 'weg',
          passwordHash: await hashPassword('geheim123'),
          firstName: '',
          lastName: '',
          email: null,
          roles: '[]',
          customerId: null,
          locale: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          deletedAt: null,
        })
        .execute();
      await deleteUser(s.db.kysely, await userId('weg'));
      const { res } = await post({ username: 'weg', password: 'geheim123' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(WRONG);
    });

    it('asks for a new password after a one-time password and signs in only then', async () => {
      const id = await userId('kunde');
      await s.db.kysely
        .updateTable('users')
        .set({ mustChangePassword: 1 })
        .where('id', '=', id)
        .execute();
      const first = await post({ username: 'kunde', password: 'demo' });
      expect(first.res.statusCode).toBe(200);
      for (const html of ['id="password-new"', 'id="password-confirm"', 'id="kc-login"']) {
        expect(first.res.body).toContain(html);
      }
      expect(first.res.body).not.toContain('id="password"');
      const short = await post(
        { 'password-new': 'kurz', 'password-confirm': 'kurz' },
        first.started,
      );
      expect(short.res.body).toContain('mindestens 8 Zeichen');
      const mismatch = await post(
        { 'password-new': 'neues-passwort', 'password-confirm': 'neues-passwor' },
        first.started,
      );
      expect(mismatch.res.body).toContain('stimmen nicht überein');
      const done = await submitForm(s.app, first.started.loginPath, first.started.jar, {
        'password-new': 'neues-passwort',
        'password-confirm': 'neues-passwort',
      });
      const tokens = await finishLogin(s.app, s.config, first.started, done);
      expect(tokens.accessToken).toBeTruthy();
      const row = await findUserByUsername(s.db.kysely, 'kunde');
      expect(row?.mustChangePassword).toBe(0);
      await expect(login(s.app, s.config, 'kunde', 'demo')).rejects.toThrow('login failed');
      await expect(login(s.app, s.config, 'kunde', 'neues-passwort')).resolves.toBeTruthy();
    });

    it('does not take the one-time password itself as the new one', async () => {
      const id = await userId('techniker');
      await s.db.kysely
        .updateTable('users')
        .set({ mustChangePassword: 1, passwordHash: await hashPassword('einmal-2026') })
        .where('id', '=', id)
        .execute();
      const first = await post({ username: 'techniker', password: 'einmal-2026' });
      const same = await post(
        { 'password-new': 'einmal-2026', 'password-confirm': 'einmal-2026' },
        first.started,
      );
      expect(same.res.body).toContain(
        'Das neue Passwort muss sich vom Einmalpasswort unterscheiden.',
      );
      expect((await findUserByUsername(s.db.kysely, 'techniker'))?.mustChangePassword).toBe(1);
      const done = await submitForm(s.app, first.started.loginPath, first.started.jar, {
        'password-new': 'eigenes-2026',
        'password-confirm': 'eigenes-2026',
      });
      expect((await finishLogin(s.app, s.config, first.started, done)).accessToken).toBeTruthy();
    });

    it('never takes a new password without a correct one-time password first', async () => {
      const { res } = await post({
        'password-new': 'uebernahme1',
        'password-confirm': 'uebernahme1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('id="password"');
    });
  });
});
