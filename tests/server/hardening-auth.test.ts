/**
 * Withdrawn access bites within the cache window
 * (demotion, customer change, lock, deletion, unknown subject), the query token works only on
 * file and PDF downloads, and the log never carries a token.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { deleteUser, lockUser } from '../helpers/users';
import { multipart, tinyPng } from '../helpers/files';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { USER_STATE_TTL_MS } from '@server/modules/users/user-state';

const bearer = (a: Actor) => ({ authorization: `Bearer ${a.token}` });

describe.each(testDatabases())('withdrawn access on $name', ({ env }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(env);
  });
  afterAll(() => s.close());
  afterEach(() => vi.useRealTimers());

  const profiles = (a: Actor) =>
    s.app.inject({ method: 'GET', url: '/api/cms/profile', headers: bearer(a) });
  /** Jumps past the user-state cache, as a minute of real time would. */
  const afterCacheWindow = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + USER_STATE_TTL_MS + 1_000);
  };

  it('takes a role removed in the users table away within the cache window', async () => {
    const admin = await actor(s, { roles: STAFF_ALL });
    expect((await profiles(admin)).statusCode).toBe(200);
    await s.db.kysely
      .updateTable('users')
      .set({ roles: JSON.stringify(['module-dguv']) })
      .where('id', '=', admin.id)
      .execute();
    afterCacheWindow();
    expect((await profiles(admin)).statusCode).toBe(403);
    const session = await s.app.inject({ url: '/api/auth/session', headers: bearer(admin) });
    expect(session.json<{ user: { roles: string[] } }>().user.roles).toEqual(['module-dguv']);
  });

  it('demotes at once when an admin changes the roles through PUT /api/cms/profile', async () => {
    const admin = await actor(s, { roles: STAFF_ALL });
    const victim = await actor(s, { roles: STAFF_ALL });
    expect((await profiles(victim)).statusCode).toBe(200);
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/cms/profile',
      headers: bearer(admin),
      payload: { id: victim.id, roles: ['module-dguv'] },
    });
    expect(put.statusCode).toBe(200);
    expect((await profiles(victim)).statusCode).toBe(403);
  });

  it("follows the user's current customer, not the token's", async () => {
    const customer = await actor(s, { customer: DEMO_CUSTOMER_ID });
    const read = (id: string) => cms(s, customer).read('company', id);
    expect((await read(DEMO_CUSTOMER_ID)).statusCode).toBe(200);
    expect((await read(DEMO_CUSTOMER_2_ID)).statusCode).toBe(404);
    await s.db.kysely
      .updateTable('users')
      .set({ customerId: DEMO_CUSTOMER_2_ID })
      .where('id', '=', customer.id)
      .execute();
    afterCacheWindow();
    expect((await read(DEMO_CUSTOMER_ID)).statusCode).toBe(404);
    expect((await read(DEMO_CUSTOMER_2_ID)).statusCode).toBe(200);
  });

  it('refuses a locked user with 401 account_locked', async () => {
    const user = await actor(s, { roles: STAFF_ALL });
    expect((await profiles(user)).statusCode).toBe(200);
    await lockUser(s.db.kysely, user.id);
    afterCacheWindow();
    const res = await profiles(user);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      code: 'account_locked',
      message: 'login:accountLocked',
    });
  });

  it('refuses a deleted user and an unknown subject with 401', async () => {
    const deleted = await actor(s, { roles: STAFF_ALL });
    const unknown = await actor(s, { roles: STAFF_ALL });
    expect((await profiles(deleted)).statusCode).toBe(200);
    await deleteUser(s.db.kysely, deleted.id);
    await s.db.kysely.deleteFrom('users').where('id', '=', unknown.id).execute();
    afterCacheWindow();
    for (const who of [deleted, unknown]) {
      const res = await profiles(who);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'account_unavailable' });
      const push = await s.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(who),
        payload: { clientId: crypto.randomUUID(), mutations: [] },
      });
      expect(push.statusCode).toBe(401);
    }
  });
});

describe('?access_token= only on downloads', () => {
  let s: TestServer;
  let staff: Actor;
  let machineId = '';
  beforeAll(async () => {
    s = await startTestServer();
    staff = await actor(s, { roles: STAFF_ALL });
    const q = await cms(s, staff).query('machine', { page: 1, limit: 1 }, ['id']);
    machineId = q.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
    const { payload, headers } = multipart([
      { name: 'file', value: tinyPng(), filename: 'p.png', type: 'image/png' },
    ]);
    const up = await s.app.inject({
      method: 'POST',
      url: `/api/cms/machine/${machineId}/file`,
      payload,
      headers: { ...headers, ...bearer(staff) },
    });
    expect(up.statusCode).toBe(201);
  });
  afterAll(() => s.close());

  it('refuses the query token on a CMS query, the session and the push with 401', async () => {
    const t = staff.token;
    for (const [method, url, payload] of [
      ['POST', `/api/cms/machine/query?access_token=${t}`, { parameter: { page: 1, limit: 1 } }],
      ['POST', `/api/cms/machine/read/${machineId}?access_token=${t}`, {}],
      ['GET', `/api/auth/session?access_token=${t}`, undefined],
      ['GET', `/api/shop/orders?access_token=${t}`, undefined],
      ['POST', `/api/sync/push?access_token=${t}`, { clientId: machineId, mutations: [] }],
      ['GET', `/api/sync/pull?cursor=0&access_token=${t}`, undefined],
    ] as const) {
      const res = await s.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'token_invalid' });
    }
  });

  it('accepts the query token on the file download', async () => {
    const res = await s.app.inject({
      url: `/api/cms/machine/${machineId}/file?access_token=${staff.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('the server log', () => {
  it('never carries a token, neither from the query nor from the Authorization header', async () => {
    const lines: string[] = [];
    const s = await startTestServer(
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const staff = await actor(s, { roles: STAFF_ALL });
      const q = await cms(s, staff).query('machine', { page: 1, limit: 1 }, ['id']);
      const id = q.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
      await s.app.inject({ url: `/api/cms/machine/${id}/file?access_token=${staff.token}` });
      await s.app.inject({ url: `/api/auth/session?x=1&access_token=${staff.token}` });
      await s.app.inject({ url: '/api/auth/session', headers: bearer(staff) });
      await s.app.inject({
        url: '/api/auth/session',
        headers: { authorization: 'Bearer bad.tok' },
      });
      const log = lines.join('');
      // One line per request, by its route, never its query (docs/operations.md "Logs").
      expect(lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThan(4);
      expect(log).not.toContain('access_token=');
      expect(log).not.toContain(staff.token);
      expect(log).not.toContain(staff.token.split('.')[2]);
      expect(log).not.toContain('bad.tok');
    } finally {
      await s.close();
    }
  });
});
