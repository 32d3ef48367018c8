/**
 * The users screen's server rules through the real server: search, one-time
 * passwords, lock and unlock, deactivation, customer links to existing customers only, own
 * password changes that need the current password, and the Keycloak hand-off.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { login } from '../helpers/oidc-login';
import { errorsPlugin } from '@server/plugins/errors';
import { userFromClaims } from '@server/plugins/auth';
import { profileRoutes } from '@server/modules/profile/profile.routes';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';

describe.each(testDatabases())('admin users on $name', ({ env }) => {
  let s: TestServer;
  let admin: string;
  let adminId: string;

  beforeAll(async () => {
    s = await startTestServer(env);
    admin = (await login(s.app, s.config, 'admin')).accessToken;
    adminId = (await call('GET', '/api/cms/profile?self=1', admin)).json().data[0].id;
  });
  afterAll(() => s.close());

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    body?: object,
  ) {
    return s.app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      headers: { authorization: `Bearer ${token}` },
    });
  }
  const stored = (username: string) =>
    s.db.kysely.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  const create = (username: string, extra: object = {}) =>
    call('POST', '/api/cms/profile', admin, {
      username,
      firstName: 'Theo',
      lastName: 'Test',
      email: `${username}@example.com`,
      roles: ['module-dguv'],
      password: 'einmal123',
      ...extra,
    });

  it('searches username, names and e-mail, case-insensitively', async () => {
    const byName = (await call('GET', '/api/cms/profile?search=BÜRO&limit=-1', admin)).json();
    expect(byName.data.map((p: { username: string }) => p.username)).toEqual(['buero']);
    const byUser = (await call('GET', '/api/cms/profile?search=techn', admin)).json();
    expect(byUser).toMatchObject({ total: 1, data: [{ username: 'techniker' }] });
    const none = (await call('GET', '/api/cms/profile?search=zzz', admin)).json();
    expect(none).toMatchObject({ total: 0, data: [] });
    expect(none.provider).toEqual({ embedded: true, adminConsoleUrl: null });
  });

  it('makes the password given on create a one-time password', async () => {
    const res = await create('einmal');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ locked: false, mustChangePassword: true });
    expect((await stored('einmal'))?.mustChangePassword).toBe(1);
  });

  it('links a user to an existing customer only', async () => {
    const unknown = await create('fremd', { customerId: '01936b2e-0000-7000-8000-0000000000ff' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'customer_unknown',
      message: 'admin:customerUnknown',
      field: 'customerId',
    });
    expect(await stored('fremd')).toBeUndefined();
    const ok = await create('kunde2', { customerId: DEMO_CUSTOMER_ID, roles: [] });
    expect(ok.json()).toMatchObject({ customerId: DEMO_CUSTOMER_ID });
    const moved = await call('PUT', '/api/cms/profile', admin, {
      id: ok.json().id,
      customerId: '01936b2e-0000-7000-8000-0000000000fe',
    });
    expect(moved.json()).toMatchObject({ status: 400, code: 'customer_unknown' });
  });

  it('refuses a staff user without roles until roles are chosen, on create and on save', async () => {
    const bare = await create('ohnerolle', { roles: [] });
    expect(bare.json()).toMatchObject({
      status: 400,
      code: 'roles_required',
      message: 'admin:rolesRequired',
      field: 'roles',
    });
    expect(await stored('ohnerolle')).toBeUndefined();
    // Roles the app does not know (the identity provider's defaults) are no choice either.
    expect((await create('ohnerolle', { roles: ['offline_access'] })).statusCode).toBe(400);
    const id = (await create('ohnerolle')).json().id;
    const cleared = await call('PUT', '/api/cms/profile', admin, { id, roles: [] });
    expect(cleared.json()).toMatchObject({ status: 400, code: 'roles_required' });
    expect(JSON.parse(String((await stored('ohnerolle'))?.roles))).toEqual(['module-dguv']);
    // A customer user needs no role; unlinking them needs one.
    const linked = await call('PUT', '/api/cms/profile', admin, {
      id,
      roles: [],
      customerId: DEMO_CUSTOMER_ID,
    });
    expect(linked.json()).toMatchObject({ roles: [], customerId: DEMO_CUSTOMER_ID });
    const unlinked = await call('PUT', '/api/cms/profile', admin, { id, customerId: null });
    expect(unlinked.json()).toMatchObject({ status: 400, code: 'roles_required' });
    const staff = await call('PUT', '/api/cms/profile', admin, {
      id,
      customerId: null,
      roles: ['admin-shop'],
    });
    expect(staff.json()).toMatchObject({ roles: ['admin-shop'], customerId: null });
  });

  it('refuses a new username with a space', async () => {
    const spaced = await create('max mustermann');
    expect(spaced.json()).toMatchObject({
      status: 400,
      message: 'admin:usernameFormat',
      field: 'username',
    });
    expect(await stored('max mustermann')).toBeUndefined();
    expect((await create('max.mustermann')).statusCode).toBe(201);
  });

  it('locks and unlocks another user, never oneself', async () => {
    const id = (await create('sperre')).json().id;
    const locked = await call('PUT', '/api/cms/profile', admin, { id, locked: true });
    expect(locked.json()).toMatchObject({ locked: true });
    expect((await stored('sperre'))?.lockedAt).toEqual(expect.any(String));
    const unlocked = await call('PUT', '/api/cms/profile', admin, { id, locked: false });
    expect(unlocked.json()).toMatchObject({ locked: false });
    expect((await stored('sperre'))?.lockedAt).toBeNull();
    const self = await call('PUT', '/api/cms/profile', admin, { id: adminId, locked: true });
    expect(self.json()).toMatchObject({
      status: 409,
      code: 'self_lock',
      message: 'admin:selfLock',
    });
    expect((await stored('admin'))?.lockedAt).toBeNull();
  });

  it("sets another user's one-time password; the user then picks their own with the current one", async () => {
    const id = (await create('einmal2')).json().id;
    await s.db.kysely
      .updateTable('users')
      .set({ mustChangePassword: 0 })
      .where('id', '=', id)
      .execute();
    const reset = await call('PUT', '/api/cms/profile', admin, { id, password: 'neuesEinmal1' });
    expect(reset.json()).toMatchObject({ mustChangePassword: true });
    // Signing in with the one-time password (the sign-in page asks for a new one after it).
    await s.db.kysely
      .updateTable('users')
      .set({ mustChangePassword: 0 })
      .where('id', '=', id)
      .execute();
    const own = (await login(s.app, s.config, 'einmal2', 'neuesEinmal1')).accessToken;
    await s.db.kysely
      .updateTable('users')
      .set({ mustChangePassword: 1 })
      .where('id', '=', id)
      .execute();
    const wrong = await call('PUT', '/api/cms/profile', own, {
      currentPassword: 'falsch123',
      password: 'meinEigenes1',
    });
    expect(wrong.json()).toMatchObject({
      status: 400,
      message: 'admin:currentPasswordWrong',
      field: 'currentPassword',
    });
    const missing = await call('PUT', '/api/cms/profile', own, { password: 'meinEigenes1' });
    expect(missing.statusCode).toBe(400);
    const same = await call('PUT', '/api/cms/profile', own, {
      currentPassword: 'neuesEinmal1',
      password: 'neuesEinmal1',
    });
    expect(same.json()).toMatchObject({ status: 400, message: 'admin:passwordUnchanged' });
    const changed = await call('PUT', '/api/cms/profile', own, {
      currentPassword: 'neuesEinmal1',
      password: 'meinEigenes1',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ mustChangePassword: false });
    await expect(login(s.app, s.config, 'einmal2', 'meinEigenes1')).resolves.toBeTruthy();
    await expect(login(s.app, s.config, 'einmal2', 'neuesEinmal1')).rejects.toThrow();
  });

  it('deactivates another user (not oneself), who then drops out of the list', async () => {
    const id = (await create('weg')).json().id;
    const tech = (await login(s.app, s.config, 'techniker')).accessToken;
    expect((await call('DELETE', `/api/cms/profile/${id}`, tech)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/cms/profile/${adminId}`, admin)).json()).toMatchObject({
      status: 409,
      code: 'self_delete',
      message: 'admin:selfDelete',
    });
    expect((await call('DELETE', `/api/cms/profile/${id}`, admin)).statusCode).toBe(204);
    expect((await stored('weg'))?.deletedAt).toEqual(expect.any(String));
    const list = (await call('GET', '/api/cms/profile?search=weg', admin)).json();
    expect(list.total).toBe(0);
    expect((await call('DELETE', `/api/cms/profile/${id}`, admin)).statusCode).toBe(404);
    // The name stays taken: a new account cannot inherit the old one's history.
    expect((await create('weg')).statusCode).toBe(409);
  });

  it('lists deactivated users on request and reactivates one (admins only)', async () => {
    const id = (await create('zurueck')).json().id;
    expect((await call('DELETE', `/api/cms/profile/${id}`, admin)).statusCode).toBe(204);
    const shown = (
      await call('GET', '/api/cms/profile?search=zurueck&deactivated=1', admin)
    ).json();
    expect(shown.data).toMatchObject([{ id, deletedAt: expect.any(String) }]);
    const tech = (await login(s.app, s.config, 'techniker')).accessToken;
    expect((await call('POST', `/api/cms/profile/${id}/reactivate`, tech)).statusCode).toBe(403);
    const back = await call('POST', `/api/cms/profile/${id}/reactivate`, admin);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id, username: 'zurueck', deletedAt: null });
    const list = (await call('GET', '/api/cms/profile?search=zurueck', admin)).json();
    expect(list.total).toBe(1);
    // An active user is not "reactivated" again.
    expect((await call('POST', `/api/cms/profile/${id}/reactivate`, admin)).statusCode).toBe(404);
  });

  it('with a real Keycloak lists users with its admin console and refuses every change', async () => {
    const app = Fastify();
    errorsPlugin(app);
    app.decorateRequest('authUser', null);
    app.addHook('onRequest', async (req) => {
      req.authUser = userFromClaims({ sub: adminId, realm_access: { roles: ['admin'] }, exp: 9e9 });
    });
    profileRoutes(app, {
      db: s.db.kysely,
      auth: { embedded: false, url: 'https://sso.example.com/', realm: 'hydraulik' },
    });
    const list = (await app.inject({ method: 'GET', url: '/api/cms/profile' })).json();
    expect(list.provider).toEqual({
      embedded: false,
      adminConsoleUrl: 'https://sso.example.com/admin/hydraulik/console/',
    });
    const techId = (await stored('techniker'))!.id;
    for (const [method, url, payload] of [
      ['PUT', '/api/cms/profile', { id: techId, locked: true }],
      ['PUT', '/api/cms/profile', { currentPassword: 'demo', password: 'anderes12' }],
      ['DELETE', `/api/cms/profile/${techId}`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.json()).toMatchObject({ status: 409, code: 'managed_by_identity_provider' });
    }
    await app.close();
  });
});
