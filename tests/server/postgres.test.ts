/**
 * The same server on PostgreSQL: migrations, seeding, the sign-in flow and token checks.
 * tests/global-setup.ts starts a throwaway PostgreSQL when the machine has one installed
 * (.ci/run installs it); without one the suite is skipped locally and fails in CI.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { login } from '../helpers/oidc-login';

const url = inject('databaseUrl');

describe.skipIf(!url && !process.env.CI)('on PostgreSQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    if (!url) throw new Error('CI needs PostgreSQL: TEST_DATABASE_URL is not set');
    s = await startTestServer({ DATABASE_URL: url });
  });
  afterAll(() => s?.close());

  it('reports postgres in the health check', async () => {
    const res = await s.app.inject({ url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok', db: 'postgres' });
  });

  it('signs in through the embedded provider with sessions stored in PostgreSQL', async () => {
    const { accessToken } = await login(s.app, s.config, 'buero');
    const res = await s.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('buero');
    const rows = await s.db.kysely.selectFrom('oidcPayload').select('model').execute();
    expect(rows.map((r) => r.model)).toContain('Session');
  });
});
