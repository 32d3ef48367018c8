/**
 * Every entity kind through the one registry — create, read, query, PATCH, PUT, idempotent
 * replay, delete — on SQLite and, when available, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { ENTITY_SCHEMAS } from '@domain/entities';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL } from '../helpers/cms';
import { entitySamples } from '../fixtures/entity-samples';

describe.each(testDatabases())('every entity on $name', ({ env }) => {
  let s: TestServer;
  let api: ReturnType<typeof cms>;
  const samples = entitySamples(uuidv7().slice(-6));
  const created = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    api = cms(s, await actor(s, { roles: STAFF_ALL }));
  });
  afterAll(() => s?.close());

  it('creates one row of each kind, and each answer parses with its domain row schema', async () => {
    for (const sample of samples) {
      const res = await api.create(sample.path, sample.data);
      expect(res.statusCode, `${sample.entity}: ${res.body}`).toBe(201);
      const row = res.json();
      expect(ENTITY_SCHEMAS[sample.entity].row.safeParse(row).success, sample.entity).toBe(true);
      created.set(sample.entity, row);
    }
  });

  it('reads and queries each row back', async () => {
    for (const sample of samples) {
      const row = created.get(sample.entity)!;
      const read = await api.read(sample.path, String(row.id));
      expect(read.json(), sample.entity).toEqual(row);
      const q = await api.query(sample.path, {
        limit: -1,
        query: { filter: [{ key: 'id', param: 'eq', value: row.id }] },
      });
      expect(q.json().data, sample.entity).toEqual([row]);
    }
  });

  it('PATCHes one field (version + 1) and replays an idempotent PATCH once', async () => {
    for (const sample of samples) {
      const row = created.get(sample.entity)!;
      const key = uuidv7();
      const headers = { 'idempotency-key': key };
      const first = await api.call(
        'PATCH',
        `${sample.path}/update/${row.id}`,
        { data: sample.patch },
        headers,
      );
      const again = await api.call(
        'PATCH',
        `${sample.path}/update/${row.id}`,
        { data: sample.patch },
        headers,
      );
      expect(first.statusCode, `${sample.entity}: ${first.body}`).toBe(200);
      expect(again.json(), sample.entity).toEqual(first.json());
      const now = (await api.read(sample.path, String(row.id))).json();
      expect(now.version, sample.entity).toBe(Number(row.version) + 1);
      expect(now, sample.entity).toMatchObject(sample.patch);
      created.set(sample.entity, now);
    }
  });

  it('PUT replaces the row with the create fields', async () => {
    const machine = created.get('machine')!;
    const { id: _id, companyId: _c, ...data } = samples.find((x) => x.entity === 'machine')!.data;
    const res = await api.put('machine', String(machine.id), {
      ...data,
      comment: null,
      positionOnLocation: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      positionOnLocation: null,
      version: Number(machine.version) + 1,
    });
  });

  it('refuses raw CMS writes of orders (the shop API owns their states)', async () => {
    const company = created.get('company')!;
    const location = created.get('location')!;
    for (const path of ['shop/order', 'shop/orderitem']) {
      const res = await api.create(path, { companyId: company.id, locationId: location.id });
      expect(res.statusCode).toBe(403);
    }
  });

  it('deletes each row (idempotently), children first', async () => {
    for (const sample of [...samples].reverse()) {
      const row = created.get(sample.entity)!;
      const headers = { 'idempotency-key': uuidv7() };
      const first = await api.call('DELETE', `${sample.path}/delete/${row.id}`, undefined, headers);
      const again = await api.call('DELETE', `${sample.path}/delete/${row.id}`, undefined, headers);
      expect(first.statusCode, `${sample.entity}: ${first.body}`).toBe(200);
      expect(again.statusCode).toBe(200);
      expect((await api.read(sample.path, String(row.id))).statusCode, sample.entity).toBe(404);
      expect((await api.call('DELETE', `${sample.path}/delete/${row.id}`)).statusCode).toBe(404);
    }
  });
});
