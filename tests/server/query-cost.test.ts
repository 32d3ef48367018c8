/**
 * Every query has a cost ceiling (docs/operations-limits.md): the contract bounds how many
 * `like` searches a query may hold and how long each is, so the heaviest query it allows
 * over a customer with tens of thousands of contacts answers quickly while `/api/health`
 * stays fast — on SQLite too, where every request waits for a running statement. On
 * PostgreSQL a statement past its time budget is cancelled: 503 with Retry-After.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '@domain/contract';
import { uuidv7 } from '@domain/ids';
import { REGISTRY } from '@server/cms/registry';
import { actor, cms, STAFF_ALL } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

const CONTACTS = 15_000;

/** `count` filters `like` of `length` characters, OR'ed: a search no index helps. */
const likes = (count: number, length: number) => ({
  type: 'OR' as const,
  filter: Array.from({ length: count }, (_, i) => ({
    key: i % 2 ? 'lastName' : 'email',
    param: 'like',
    value: `${'x'.repeat(length - 2)}${String(i).padStart(2, '0')}`.slice(-length),
  })),
});

describe.each(testDatabases())('query cost on $name', ({ name, env }) => {
  let s: TestServer;
  let customer: ReturnType<typeof cms>;
  let base = '';
  const company = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({
      DEMO_DATA: 'off',
      RATE_LIMIT_API_PER_MINUTE: '0',
      // A budget this short cancels even the bounded search below on PostgreSQL.
      ...(name === 'postgres' ? { QUERY_TIMEOUT_MS: '1' } : {}),
      ...env,
    });
    const admin = cms(s, await actor(s, { roles: STAFF_ALL }));
    customer = cms(s, await actor(s, { customer: company }));
    expect((await admin.create('company', { id: company, name: 'Viele GmbH' })).statusCode).toBe(
      201,
    );
    const first = uuidv7();
    const made = await admin.create('company/contact', {
      id: first,
      companyId: company,
      firstName: 'Eva',
      lastName: 'Ernst',
      email: 'eva@kunde.example',
    });
    expect(made.statusCode, made.body).toBe(201);
    // Copies of the stored row, written straight to the table (the API would take minutes).
    const table = REGISTRY.contact.table;
    const template = await s.db.store
      .selectFrom(table)
      .selectAll()
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    for (let at = 1; at < CONTACTS; at += 500) {
      const rows = Array.from({ length: Math.min(500, CONTACTS - at) }, (_, i) => ({
        ...template,
        id: uuidv7(),
        lastName: `Name ${at + i} ${'abcdefghij'.repeat(3)}`,
        email: `kontakt-${at + i}@kunde.example`,
      }));
      await s.db.store.insertInto(table).values(rows).execute();
    }
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(() => s?.close());

  it('refuses 100 OR-ed searches of 1000 characters with a translated 400', async () => {
    const res = await customer.query('company/contact', {
      page: 1,
      limit: 10,
      query: likes(100, 1000),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message: 'validation:queryTooLarge' });
    const long = likes(1, QUERY_LIMITS.patternLengthMax + 1);
    expect((await customer.query('company/contact', { query: long })).statusCode).toBe(400);
    const many = likes(QUERY_LIMITS.patternFiltersMax + 1, 10);
    expect((await customer.query('company/contact', { query: many })).statusCode).toBe(400);
  });

  it.runIf(name === 'sqlite')(
    'answers the heaviest allowed search within its budget while /api/health stays fast',
    async () => {
      const query = likes(QUERY_LIMITS.patternFiltersMax, QUERY_LIMITS.patternLengthMax);
      const token = (await actor(s, { customer: company })).token;
      // Once to warm up (first token check, compiled statements), then measured.
      expect((await customer.query('company/contact', { query })).statusCode).toBe(200);
      const t0 = Date.now();
      const heavy = fetch(`${base}/api/cms/company/contact/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ parameter: { page: 1, limit: 10, query } }),
      });
      const h0 = Date.now();
      const health = await fetch(`${base}/api/health`);
      const healthMs = Date.now() - h0;
      const res = await heavy;
      const heavyMs = Date.now() - t0;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { total: number }).total).toBe(0);
      expect(health.status).toBe(200);
      expect(healthMs).toBeLessThan(100);
      expect(heavyMs).toBeLessThan(1_000);
    },
  );

  it.runIf(name === 'postgres')(
    'cancels a statement past its time budget: 503 with Retry-After',
    async () => {
      const query = likes(QUERY_LIMITS.patternFiltersMax, QUERY_LIMITS.patternLengthMax);
      const res = await customer.query('company/contact', { page: 1, limit: 10, query });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'query_timeout', message: 'errors:queryTimeout' });
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
    },
  );
});
