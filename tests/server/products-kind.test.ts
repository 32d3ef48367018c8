/**
 * The server refuses a shop product whose fields do not fit its kind (on create,
 * PATCH, PUT and through the sync push), and an article number used twice — with message keys
 * the client translates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

const hose = (extra: Record<string, unknown> = {}) => ({
  articleNumber: `S-${uuidv7().slice(-8)}`,
  name: 'Hydraulikschlauch 2SN DN10',
  unit: 'METER',
  kind: 'HOSE',
  dn: 10,
  maxPn: 330,
  priceCents: 1230,
  ...extra,
});

describe.each(testDatabases())('product kind rules on $name', ({ env }) => {
  let s: TestServer;
  let shop: ReturnType<typeof cms>;
  let staff: Actor;

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    shop = cms(s, staff);
  });
  afterAll(() => s.close());

  it.each([
    ['a hose without DN', hose({ dn: null }), 'dn', 'products:ruleHoseDn'],
    ['a hose without PN', hose({ maxPn: null }), 'maxPn', 'products:ruleHosePn'],
    ['a hose sold per piece', hose({ unit: 'PIECE' }), 'unit', 'products:ruleHoseUnit'],
    [
      'a hose with a fitting type',
      hose({ fittingType: 'JIC' }),
      'fittingType',
      'products:ruleOnlyFittings',
    ],
    [
      'a fitting without type',
      hose({ kind: 'FITTING', unit: 'PIECE' }),
      'fittingType',
      'products:ruleFittingType',
    ],
    [
      'a fitting per metre',
      hose({ kind: 'FITTING', fittingType: 'BSP' }),
      'unit',
      'products:ruleFittingUnit',
    ],
    [
      'an accessory without type',
      hose({ kind: 'ACCESSORY', unit: 'PIECE', dn: null, maxPn: null }),
      'accessory',
      'products:ruleAccessoryType',
    ],
    [
      'a fitting with an accessory type',
      hose({ kind: 'FITTING', unit: 'PIECE', fittingType: 'BSP', accessory: 'ROPE' }),
      'accessory',
      'products:ruleOnlyAccessories',
    ],
  ])('refuses %s on create', async (_what, data, field, message) => {
    const res = await shop.create('shop/product', data);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'product_kind', field, message });
    const list = await shop.query('shop/product', { limit: -1 }, ['id', 'articleNumber']);
    const numbers = (list.json() as { data: { articleNumber: string }[] }).data.map(
      (r) => r.articleNumber,
    );
    expect(numbers).not.toContain(data.articleNumber);
  });

  it('accepts each kind with the fields it needs', async () => {
    for (const data of [
      hose(),
      hose({ kind: 'FITTING', unit: 'PIECE', fittingType: 'JIC', maxPn: null }),
      hose({ kind: 'FITTING', unit: 'PIECE', fittingType: 'CUSTOM', dn: null, maxPn: null }),
      hose({ kind: 'ACCESSORY', unit: 'METER', accessory: 'PROTECTION', maxPn: null }),
      hose({ kind: 'ACCESSORY', unit: 'PIECE', accessory: 'ROPE', dn: null, maxPn: null }),
    ]) {
      const res = await shop.create('shop/product', data);
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('checks the merged row on PATCH and PUT, so a change of kind needs its fields', async () => {
    const id = uuidv7();
    expect((await shop.create('shop/product', hose({ id }))).statusCode).toBe(201);
    const patch = await shop.patch('shop/product', id, { kind: 'FITTING', unit: 'PIECE' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({
      field: 'fittingType',
      message: 'products:ruleFittingType',
    });
    const ok = await shop.patch('shop/product', id, {
      kind: 'FITTING',
      unit: 'PIECE',
      fittingType: 'FLANSCH',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const put = await shop.put('shop/product', id, hose({ dn: null }));
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ field: 'dn' });
    const row = (await shop.read('shop/product', id)).json() as Record<string, unknown>;
    expect(row).toMatchObject({ kind: 'FITTING', fittingType: 'FLANSCH' });
  });

  it('refuses an article number twice (case-insensitive), also on rename', async () => {
    const number = `ART-${uuidv7().slice(-6)}`;
    expect((await shop.create('shop/product', hose({ articleNumber: number }))).statusCode).toBe(
      201,
    );
    const twice = await shop.create(
      'shop/product',
      hose({ articleNumber: ` ${number.toLowerCase()} ` }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      field: 'articleNumber',
      message: 'products:articleNumberExists',
    });
    const other = uuidv7();
    await shop.create('shop/product', hose({ id: other }));
    const rename = await shop.patch('shop/product', other, { articleNumber: number });
    expect(rename.statusCode).toBe(409);
    // Deactivating keeps the number (an inactive product still owns it); the row's own
    // number is no clash on an unrelated edit.
    const deactivate = await shop.patch('shop/product', other, { active: false });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
  });

  it('refuses a misfit product pushed through sync as a stored rejection', async () => {
    const id = uuidv7();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {
        clientId: uuidv7(),
        mutations: [
          {
            seq: 1,
            mutationId: uuidv7(),
            userId: staff.id,
            name: 'cms.create',
            method: 'POST',
            path: '/cms/shop/product/create',
            body: { data: hose({ id, kind: 'ACCESSORY', unit: 'PIECE', dn: null, maxPn: null }) },
            recordId: id,
            baseVersion: null,
            changedFields: null,
            dependsOn: [],
            schemaVersion: 1,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = (res.json() as { results: Record<string, unknown>[] }).results[0];
    expect(result).toMatchObject({
      status: 'rejected',
      error: { status: 400, code: 'product_kind', message: 'products:ruleAccessoryType' },
    });
    expect((await shop.read('shop/product', id)).statusCode).toBe(404);
  });
});
