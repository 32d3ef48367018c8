/**
 * docs/api.md /profile through the real server: admins list, create and change users; everyone
 * reads and edits their own names; password hashes never leave the server.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { login } from '../helpers/oidc-login';
import { errorsPlugin } from '@server/plugins/errors';
import { userFromClaims } from '@server/plugins/auth';
import { profileRoutes } from '@server/modules/profile/profile.routes';

describe.each(testDatabases())('on $name', ({ env }) => {
  let s: TestServer;
  let admin: string;
  let techniker: string;
  let technikerId: string;

  beforeAll(async () => {
    s = await startTestServer(env);
    admin = (await login(s.app, s.config, 'admin')).accessToken;
    techniker = (await login(s.app, s.config, 'techniker')).accessToken;
    const row = await s.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'techniker')
      .executeTakeFirstOrThrow();
    technikerId = row.id;
  });
  afterAll(() => s.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    s.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  const NEW_USER = {
    username: 'Neu',
    firstName: 'Nina',
    lastName: 'Neu',
    email: 'nina@example.com',
    roles: ['module-dguv'],
    locale: 'fr',
    password: 'geheim123',
  };

  describe('listing', () => {
    it('lists every profile for an admin, without password hashes', async () => {
      const res = await call('GET', '/api/cms/profile/', admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 4, page: 1, limit: 50 });
      expect(body.data.map((p: { username: string }) => p.username)).toEqual([
        'admin',
        'buero',
        'kunde',
        'techniker',
      ]);
      expect(body.data[2]).toMatchObject({
        firstName: 'Karl',
        customerId: expect.any(String),
        roles: [],
      });
      expect(res.body).not.toMatch(/passwordHash|scrypt/);
    });

    it('refuses the list to a non-admin, who may read their own with ?self=1', async () => {
      expect((await call('GET', '/api/cms/profile/', techniker)).statusCode).toBe(403);
      const res = await call('GET', '/api/cms/profile?self=1', techniker);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        total: 1,
        data: [{ id: technikerId, username: 'techniker', locale: 'de', version: 1 }],
      });
    });

    it('pages from 1, and -1 is every row', async () => {
      const second = (await call('GET', '/api/cms/profile/?page=2&limit=3', admin)).json();
      expect(second).toMatchObject({ page: 2, limit: 3 });
      expect(second.data).toHaveLength(second.total - 3);
      const all = (await call('GET', '/api/cms/profile/?limit=-1', admin)).json();
      expect(all.data).toHaveLength(all.total);
      expect(all.limit).toBe(-1);
      expect((await call('GET', '/api/cms/profile/?page=0', admin)).statusCode).toBe(400);
    });
  });

  describe('creating', () => {
    it('creates a user with a hashed password who can then sign in', async () => {
      const res = await call('POST', '/api/cms/profile/', admin, NEW_USER);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        username: 'neu',
        firstName: 'Nina',
        locale: 'fr',
        roles: ['module-dguv'],
        version: 1,
      });
      // No hash and no password; `mustChangePassword` (the one-time flag) is the only mention.
      expect(res.body).not.toMatch(/passwordHash|scrypt|geheim123/i);
      expect(created.mustChangePassword).toBe(true);
      const stored = await s.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(stored.passwordHash).toMatch(/^scrypt\$/);
      expect(stored.passwordHash).not.toContain(NEW_USER.password);
      // The sign-in page would ask for a new password first (one-time password); skip that step.
      await s.db.kysely
        .updateTable('users')
        .set({ mustChangePassword: 0 })
        .where('id', '=', created.id)
        .execute();
      const { accessToken } = await login(s.app, s.config, 'neu', NEW_USER.password);
      const session = await call('GET', '/api/auth/session', accessToken);
      expect(session.json().user).toMatchObject({ username: 'neu', roles: ['module-dguv'] });
    });

    it('answers 409 for a taken username', async () => {
      const res = await call('POST', '/api/cms/profile', admin, { ...NEW_USER, username: 'NEU ' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'duplicate', field: 'username' });
    });

    it('validates the body and needs an admin', async () => {
      const short = await call('POST', '/api/cms/profile/', admin, {
        ...NEW_USER,
        username: 'x2',
        password: 'kurz',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().field).toBe('password');
      const res = await call('POST', '/api/cms/profile/', techniker, {
        ...NEW_USER,
        username: 'x3',
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('changing', () => {
    it('lets a user change their own names, raising version and updatedAt', async () => {
      const before = (await call('GET', '/api/cms/profile/?self=1', techniker)).json().data[0];
      const res = await call('PUT', '/api/cms/profile/', techniker, {
        firstName: 'Thomas',
        locale: 'en-gb',
      });
      expect(res.statusCode).toBe(200);
      const after = res.json();
      expect(after).toMatchObject({
        id: technikerId,
        firstName: 'Thomas',
        lastName: 'Techniker',
        locale: 'en-gb',
      });
      expect(after.version).toBe(before.version + 1);
      expect(after.updatedAt > before.updatedAt).toBe(true);
    });

    it('refuses a non-admin changing roles or another user', async () => {
      const roles = await call('PUT', '/api/cms/profile/', techniker, { roles: ['admin'] });
      expect(roles.statusCode).toBe(403);
      const adminId = (await call('GET', '/api/cms/profile/?self=1', admin)).json().data[0].id;
      const other = await call('PUT', '/api/cms/profile/', techniker, {
        id: adminId,
        firstName: 'X',
      });
      expect(other.statusCode).toBe(403);
    });

    it('lets an admin change any user, roles included', async () => {
      const res = await call('PUT', '/api/cms/profile/', admin, {
        id: technikerId,
        roles: ['module-dguv', 'admin-shop'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().roles).toEqual(['module-dguv', 'admin-shop']);
      const taken = await call('PUT', '/api/cms/profile/', admin, {
        id: technikerId,
        username: 'buero',
      });
      expect(taken.json()).toMatchObject({ status: 409, field: 'username' });
    });
  });

  describe('with an external Keycloak', () => {
    it('answers 409 managed_by_identity_provider on create', async () => {
      const app = Fastify();
      errorsPlugin(app);
      app.decorateRequest('authUser', null);
      app.addHook('onRequest', async (req) => {
        req.authUser = userFromClaims({ sub: 'a1', realm_access: { roles: ['admin'] }, exp: 9e9 });
      });
      profileRoutes(app, { db: s.db.kysely, auth: { embedded: false } });
      const res = await app.inject({ method: 'POST', url: '/api/cms/profile/', payload: NEW_USER });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'managed_by_identity_provider' });
      await app.close();
    });
  });
});
