import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL } from '../helpers/cms';

describe.each(testDatabases())('on $name', ({ env }) => {
  let s: TestServer;
  let admin: ReturnType<typeof cms>;
  const ids = {
    company: uuidv7(),
    other: uuidv7(),
    manufacturer: uuidv7(),
    machine: uuidv7(),
    location: uuidv7(),
  };

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    admin = cms(s, await actor(s, { roles: STAFF_ALL }));
    expect(
      (
        await admin.create('company', {
          id: ids.company,
          name: 'Alpha GmbH',
          customerNumber: 'K-1',
        })
      ).statusCode,
    ).toBe(201);
    expect((await admin.create('company', { id: ids.other, name: 'Beta AG' })).statusCode).toBe(
      201,
    );
    expect(
      (await admin.create('manufacturer', { id: ids.manufacturer, name: 'Bosch Rexroth' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await admin.create('company/location', {
          id: ids.location,
          companyId: ids.company,
          street: 'Hafenstr.',
          zip: '20457',
          city: 'Hamburg',
          type: 'MAIN',
        })
      ).statusCode,
    ).toBe(201);
    const m = await admin.create('machine', {
      id: ids.machine,
      companyId: ids.company,
      manufacturerId: ids.manufacturer,
      internalId: 'INV-7',
      locationId: ids.location,
    });
    expect(m.statusCode, m.body).toBe(201);
    for (let i = 3; i >= 1; i--) {
      const p = await admin.create('machinepart/hosepipe', {
        companyId: ids.company,
        machineId: ids.machine,
        position: i,
        code: `HM-00000${i}`,
        isCritical: i === 2,
      });
      expect(p.statusCode, p.body).toBe(201);
    }
  });
  afterAll(() => s.close());

  describe('content backend CRUD', () => {
    it('creates with the client id and returns the stored row', async () => {
      const res = await admin.read('machine', ids.machine);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: ids.machine,
        version: 1,
        companyId: ids.company,
        internalId: 'INV-7',
        dguvInterval: 'YEAR',
        deletedAt: null,
      });
    });

    it('names the failing field on a bad body', async () => {
      const res = await admin.create('machine', {
        companyId: ids.company,
        manufacturerId: ids.manufacturer,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'validation', field: 'internalId' });
    });

    it('refuses references into another customer', async () => {
      const res = await admin.create('machine', {
        companyId: ids.other,
        manufacturerId: ids.manufacturer,
        internalId: 'X',
        locationId: ids.location,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('locationId');
    });

    it('PATCH changes only the given fields and increments the version; a stale base version conflicts', async () => {
      const res = await admin.patch('machine', ids.machine, { comment: 'Presse 3' }, 1);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ version: 2, comment: 'Presse 3', internalId: 'INV-7' });
      expect((await admin.patch('machine', ids.machine, { comment: 'x' }, 1)).statusCode).toBe(409);
    });

    it('queries hoses ordered by position, with nested keys, paging and -1', async () => {
      const res = await admin.query('machinepart/hosepipe', {
        page: 1,
        limit: -1,
        query: { filter: [{ key: 'machine.company.id', param: 'eq', value: ids.company }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(3);
      expect(body.data.map((p: { position: number }) => p.position)).toEqual([1, 2, 3]);
      const page2 = (await admin.query('machinepart/hosepipe', { page: 2, limit: 2 })).json();
      expect(page2.data).toHaveLength(1);
      const critical = (
        await admin.query('machinepart/hosepipe', {
          query: { filter: [{ key: 'isCritical', param: 'eq', value: true }] },
        })
      ).json();
      expect(critical.data.map((p: { code: string }) => p.code)).toEqual(['HM-000002']);
      const like = (
        await admin.query('company', {
          query: { filter: [{ key: 'name', param: 'like', value: 'alp' }] },
        })
      ).json();
      expect(like.data.map((c: { name: string }) => c.name)).toEqual(['Alpha GmbH']);
      const or = (
        await admin.query('machinepart/hosepipe', {
          query: {
            type: 'OR',
            filter: [
              { key: 'position', param: '<', value: 2 },
              { key: 'position', param: 'gte', value: 3 },
            ],
          },
        })
      ).json();
      expect(or.total).toBe(2);
      const inList = (
        await admin.query('machinepart/hosepipe', {
          query: { filter: [{ key: 'code', param: 'in', value: ['HM-000001', 'HM-000003'] }] },
        })
      ).json();
      expect(inList.total).toBe(2);
    });

    it('never splices keys into SQL: unknown keys and operators are 400', async () => {
      for (const key of ['code; drop table pipe', 'machine.secret', 'fittingLeft']) {
        const res = await admin.query('machinepart/hosepipe', {
          query: { filter: [{ key, param: 'eq', value: 1 }] },
        });
        expect(res.statusCode, key).toBe(400);
        expect(res.json().field).toBe(key);
      }
      const op = await admin.query('machinepart/hosepipe', {
        query: { filter: [{ key: 'code', param: 'regex', value: 'x' }] },
      });
      expect(op.statusCode).toBe(400);
    });

    it('selects fields and relations with response', async () => {
      const res = await admin.read('machine', ids.machine, [
        'internalId',
        'company.name',
        'location.city',
        'pipes.code',
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json();
      expect(Object.keys(m).sort()).toEqual([
        'company',
        'id',
        'internalId',
        'location',
        'pipes',
        'version',
      ]);
      expect(m.company).toEqual({ id: ids.company, version: 1, name: 'Alpha GmbH' });
      expect(m.location.city).toBe('Hamburg');
      expect(m.pipes.map((p: { code: string }) => p.code)).toEqual([
        'HM-000001',
        'HM-000002',
        'HM-000003',
      ]);
    });

    it('keeps hose codes unique', async () => {
      const res = await admin.create('machinepart/hosepipe', {
        companyId: ids.company,
        machineId: ids.machine,
        position: 9,
        code: 'hm-000001',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'code_exists',
        message: 'Le code sélectionné existe déjà',
        field: 'code',
      });
    });

    it('soft-deletes with a cascade to the rows below', async () => {
      const m2 = uuidv7();
      await admin.create('machine', {
        id: m2,
        companyId: ids.company,
        manufacturerId: ids.manufacturer,
        internalId: 'DEL',
      });
      const p = (
        await admin.create('machinepart/hosepipe', {
          companyId: ids.company,
          machineId: m2,
          position: 1,
          code: 'HM-000099',
        })
      ).json();
      expect((await admin.remove('machine', m2)).statusCode).toBe(200);
      expect((await admin.read('machine', m2)).statusCode).toBe(404);
      expect((await admin.read('machinepart/hosepipe', p.id)).statusCode).toBe(404);
      const raw = await s.db.store
        .selectFrom('pipe')
        .selectAll()
        .where('id', '=', p.id)
        .executeTakeFirst();
      expect(raw).toMatchObject({ deletedAt: expect.any(String), version: 2 });
    });

    it('reads the company settings singleton', async () => {
      expect((await admin.call('POST', 'settings/read', {})).statusCode).toBe(404);
      const created = await admin.create('settings', {
        name: 'Hydraulik Service',
        pipeCodePrefix: 'HM',
      });
      expect(created.statusCode, created.body).toBe(201);
      const res = await admin.call('POST', 'settings/read', {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Hydraulik Service', pipeCodePrefix: 'HM' });
      const patched = await admin.call('PATCH', 'settings/update', {
        data: { pipeCodePrefix: 'HX' },
      });
      expect(patched.json().pipeCodePrefix).toBe('HX');
      const bad = await admin.call('PATCH', 'settings/update', { data: { pipeCodePrefix: 'H-X' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('pipeCodePrefix');
    });

    it('applies a write with an Idempotency-Key once and replays its answer', async () => {
      const key = uuidv7();
      const first = await admin.create(
        'manufacturer',
        { name: 'Parker' },
        { 'idempotency-key': key },
      );
      const again = await admin.create(
        'manufacturer',
        { name: 'Parker' },
        { 'idempotency-key': key },
      );
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      const all = (
        await admin.query('manufacturer', {
          limit: -1,
          query: { filter: [{ key: 'name', param: 'eq', value: 'Parker' }] },
        })
      ).json();
      expect(all.total).toBe(1);
      // A second, different manufacturer with the same name is a duplicate (docs/api.md).
      expect((await admin.create('manufacturer', { name: 'parker' })).statusCode).toBe(409);
    });

    it('answers unknown entities and verbs with 404', async () => {
      expect((await admin.call('POST', 'nothing/create', { data: {} })).statusCode).toBe(404);
      expect((await admin.call('POST', 'machine/explode', {})).statusCode).toBe(404);
    });
  });
});

describe('client mistakes are never a 500', () => {
  let s2: TestServer;
  let token: string;
  beforeAll(async () => {
    s2 = await startTestServer({ DEMO_DATA: 'off' });
    token = (await actor(s2, { roles: STAFF_ALL })).token;
  });
  afterAll(() => s2.close());

  it.each([
    ['malformed JSON', '{"data": {', 'application/json'],
    ['a body that is not an object', '[1,2]', 'application/json'],
    ['data missing', '{}', 'application/json'],
    ['a text body', 'hello', 'text/plain'],
  ])('%s → 4xx JSON', async (_name, payload, type) => {
    const res = await s2.app.inject({
      method: 'POST',
      url: '/api/cms/machine/create',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ status: res.statusCode, code: expect.any(String) });
  });
});
