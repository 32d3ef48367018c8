/**
 * An Idempotency-Key is bound to its request (422 for a
 * different body), a manufacturer rename cannot create a duplicate name, and CMS reads and
 * queries are never cached. Each failed on the code before the fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL } from '../helpers/cms';

describe.each(testDatabases())('CMS hardening on $name', ({ env }) => {
  let s: TestServer;
  let api: ReturnType<typeof cms>;
  const company = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    api = cms(s, await actor(s, { roles: STAFF_ALL }));
    await api.create('company', { id: company, name: 'Schlüssel GmbH' });
  });
  afterAll(() => s.close());

  const count = async (name: string) =>
    (
      await api.query('company', {
        query: { filter: [{ key: 'name', param: 'eq', value: name }] },
      })
    ).json().total as number;

  it('answers 404, never 500, for an id with a control character or of absurd length', async () => {
    // Found by the fuzz test: PostgreSQL refuses a NUL in text with an internal error.
    for (const id of ['a%00b', 'a%0Ab', 'x'.repeat(129)]) {
      for (const [method, path] of [
        ['DELETE', `company/delete/${id}`],
        ['POST', `company/read/${id}`],
        ['PATCH', `company/update/${id}`],
      ] as const) {
        const res = await api.call(method, path, method === 'PATCH' ? { data: {} } : {});
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('never answers 5xx for a NUL inside a text value (PostgreSQL refuses it)', async () => {
    const res = await api.create('company', { name: 'Null\u0000Firma' });
    expect(res.statusCode).toBeLessThan(500);
    if ('DATABASE_URL' in env) expect(res.json()).toMatchObject({ status: 400 });
  });

  it('answers 422 when an Idempotency-Key comes back with another body', async () => {
    const key = { 'idempotency-key': uuidv7() };
    const first = await api.create('company', { name: 'Erste Firma', email: null }, key);
    expect(first.statusCode).toBe(201);
    // The same request again (keys in another order): the first answer, replayed.
    const again = await api.call(
      'POST',
      'company/create',
      { data: { email: null, name: 'Erste Firma' } },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    // Another body under the same key: refused, nothing applied, nothing leaked.
    const other = await api.create('company', { name: 'Zweite Firma' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'errors:idempotencyKeyReused',
    });
    expect(other.body).not.toContain(first.json().id);
    expect(await count('Zweite Firma')).toBe(0);
    expect(await count('Erste Firma')).toBe(1);
    // The same key on another path stays refused as before.
    const elsewhere = await api.call('PATCH', `company/update/${company}`, { data: {} }, key);
    expect(elsewhere.statusCode).toBe(422);
  });

  it('refuses a manufacturer rename to a taken name (PATCH and PUT), like create', async () => {
    const a = uuidv7();
    const b = uuidv7();
    expect((await api.create('manufacturer', { id: a, name: 'Parker' })).statusCode).toBe(201);
    expect((await api.create('manufacturer', { id: b, name: 'Hansa' })).statusCode).toBe(201);
    const created = await api.create('manufacturer', { name: ' parker ' });
    expect(created.statusCode).toBe(409);
    for (const res of [
      await api.patch('manufacturer', b, { name: 'PARKER' }),
      await api.put('manufacturer', b, { name: 'Parker ' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(created.json());
    }
    expect((await api.read('manufacturer', b)).json().name).toBe('Hansa');
    // Its own name in other letters, and a free name, are fine.
    expect((await api.patch('manufacturer', a, { name: 'PARKER' })).statusCode).toBe(200);
    expect((await api.patch('manufacturer', b, { name: 'Hansa-Flex' })).statusCode).toBe(200);
  });

  it('marks CMS reads, queries and write answers as not cacheable', async () => {
    const answers = [
      await api.read('company', company),
      await api.query('company', { limit: 1 }),
      await api.read('company', uuidv7()), // 404 too
      await api.patch('company', company, { phone: '0221 123' }),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});
