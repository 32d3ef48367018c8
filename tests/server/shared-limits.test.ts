/**
 * The limits live in the database (docs/operations.md "Limits"): the calendar feed keeps its
 * own limit when the API limit is off, windows are counted and pruned in the table, and two
 * server instances on one PostgreSQL database see the same counts — the login lockout after
 * five wrong passwords in total, the API allowance — and start together on an empty database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { pruneRateLimits } from '@server/plugins/shared-limits';
import { actor, STAFF_ALL } from '../helpers/cms';
import { openLoginPage, submitLogin } from '../helpers/oidc-login';
import {
  freshPostgres,
  running,
  startTestServer,
  testDatabases,
  type TestServer,
} from '../helpers/server';

const feed = `/api/calendar/customer/${DEMO_CUSTOMER_ID}/calendar.ics?token=${'x'.repeat(43)}`;

describe.each(testDatabases())('shared limits on $name', ({ env }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      ...env,
      DEMO_DATA: 'off',
      RATE_LIMIT_API_PER_MINUTE: '0',
      RATE_LIMIT_CALENDAR_PER_MINUTE: '3',
    });
  });
  afterAll(() => s?.close());

  it('keeps the calendar feed limited when the API limit is off', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await s.app.inject({ url: feed })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const rows = await s.db.kysely
      .selectFrom('rateLimit')
      .select(['key', 'hits'])
      .where('key', 'like', 'calendar:%')
      .execute();
    expect(rows).toEqual([{ key: expect.stringMatching(/^calendar:/), hits: 5 }]);
  });

  it('prunes windows that have ended, and only those', async () => {
    const now = Date.now();
    await s.db.kysely
      .insertInto('rateLimit')
      .values([
        { key: 'test:old', windowStart: now - 120_000, hits: 3, lastAt: now, expiresAt: now - 1 },
        { key: 'test:new', windowStart: now, hits: 3, lastAt: now, expiresAt: now + 60_000 },
      ])
      .execute();
    expect(await pruneRateLimits(s.db.kysely, now)).toBe(1);
    const keys = (await s.db.kysely.selectFrom('rateLimit').select('key').execute()).map(
      (r) => r.key,
    );
    expect(keys).toContain('test:new');
    expect(keys).not.toContain('test:old');
  });
});

const postgres = testDatabases().filter((d) => d.name === 'postgres');

describe.each(postgres)('two instances on one PostgreSQL database', ({ env }) => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  const dirs: string[] = [];

  /** An instance with its own data dir, as on its own machine, on the shared database. */
  const instance = (url: string) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-two-'));
    dirs.push(dataDir);
    return running(
      loadConfig({
        PORT: '8080',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DIST_DIR: path.join(dataDir, 'no-dist'),
        DATABASE_URL: url,
        RATE_LIMIT_API_PER_MINUTE: '10',
      }),
      {},
    );
  };

  beforeAll(async () => {
    const db = await freshPostgres(env.DATABASE_URL!);
    drop = db.drop;
    // Both start at once on the empty database: migrations and seeding under the lock.
    [a, b] = await Promise.all([instance(db.url), instance(db.url)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('both come up on an empty database, seeded once', async () => {
    for (const s of [a, b]) {
      expect((await s.app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
    }
    const users = await a.db.kysely.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username).sort()).toEqual(['admin', 'buero', 'kunde', 'techniker']);
  });

  it('locks a user out after five wrong passwords in total, through either instance', async () => {
    for (let i = 0; i < 5; i++) {
      const s = i % 2 === 0 ? a : b;
      const page = await openLoginPage(s.app, s.config);
      const res = await submitLogin(s.app, page.loginPath, page.jar, 'techniker', 'falsch');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(200);
      expect(res.body).toContain('Benutzername oder Passwort ist falsch.');
    }
    // Even the right password waits now, on both instances.
    for (const s of [a, b]) {
      const page = await openLoginPage(s.app, s.config);
      const res = await submitLogin(s.app, page.loginPath, page.jar, 'techniker', 'demo');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Zu viele fehlgeschlagene Versuche');
    }
  });

  it("counts a user's API calls on both instances against one allowance", async () => {
    const user = await actor(a, { roles: STAFF_ALL });
    const call = (s: TestServer) =>
      s.app.inject({
        url: '/api/auth/session',
        headers: { authorization: `Bearer ${user.token}` },
      });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await call(i % 2 === 0 ? a : b)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});
