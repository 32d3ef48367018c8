/**
 * Nothing a signed-in customer puts into a content-backend query
 * may end in a 5xx or exhaust the server. Prototype names as keys, 20 000 nested groups,
 * absurd pages and values are translated 400s; an answer that would repeat hundreds of hoses
 * per hose is refused quickly and the server stays healthy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '@domain/contract';
import { uuidv7 } from '@domain/ids';
import { isMessageKey } from '@domain/messages';
import { actor, cms, STAFF_ALL } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

const HOSES = 300;

describe.each(testDatabases())('query hardening on $name', ({ env }) => {
  let s: TestServer;
  let admin: ReturnType<typeof cms>;
  let customer: ReturnType<typeof cms>;
  const ids = { company: uuidv7(), other: uuidv7(), manufacturer: uuidv7(), machine: uuidv7() };

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', RATE_LIMIT_API_PER_MINUTE: '0', ...env });
    admin = cms(s, await actor(s, { roles: STAFF_ALL }));
    customer = cms(s, await actor(s, { customer: ids.company }));
    for (const [id, name] of [
      [ids.company, 'Alpha GmbH'],
      [ids.other, 'Beta AG'],
    ] as const) {
      expect((await admin.create('company', { id, name })).statusCode).toBe(201);
    }
    await admin.create('manufacturer', { id: ids.manufacturer, name: 'Bosch Rexroth' });
    const m = await admin.create('machine', {
      id: ids.machine,
      companyId: ids.company,
      manufacturerId: ids.manufacturer,
      internalId: 'INV-1',
    });
    expect(m.statusCode, m.body).toBe(201);
    for (let i = 1; i <= HOSES; i++) {
      const p = await admin.create('machinepart/hosepipe', {
        companyId: ids.company,
        machineId: ids.machine,
        position: i,
        code: `HM-${String(i).padStart(6, '0')}`,
      });
      expect(p.statusCode, p.body).toBe(201);
    }
  }, 120_000);
  afterAll(() => s?.close());

  /** A 400 whose message is a translated key (and the one expected, when named). */
  function expect400(res: { statusCode: number; body: string }, key?: string) {
    expect(res.statusCode, res.body).toBe(400);
    const message = (JSON.parse(res.body) as { message: unknown }).message;
    expect(isMessageKey(message), String(message)).toBe(true);
    if (key) expect(message).toBe(key);
  }

  async function healthy() {
    expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const q = await customer.query('machine', { page: 1, limit: 5 });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json<{ total: number }>().total).toBe(1);
  }

  it.each([
    'constructor.id',
    '__proto__.id',
    'toString.x',
    'hasOwnProperty.id',
    'company.constructor.id',
    'company.__proto__.name',
    'constructor',
    'valueOf',
  ])('a filter key %s is a 400, not a TypeError', async (key) => {
    const res = await customer.query('machine', {
      query: { filter: [{ key, param: 'eq', value: 'x' }] },
    });
    expect400(res, 'validation:queryKey');
  });

  it('prototype names as operator, order field or response path are 400s', async () => {
    for (const param of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const res = await customer.query('machine', {
        query: { filter: [{ key: 'internalId', param, value: 'x' }] },
      });
      expect400(res, 'validation:queryOperator');
    }
    expect400(
      await customer.query('machine', { order: [{ field: 'constructor', order: 'ASC' }] }),
      'validation:queryKey',
    );
    for (const path of ['constructor', '__proto__', 'toString.x', 'company.constructor']) {
      expect400(await customer.query('machine', {}, [path]), 'validation:queryKey');
      expect400(await customer.read('machine', ids.machine, [path]), 'validation:queryKey');
    }
  });

  it('20 000 nested query groups are a 400, not a stack overflow', async () => {
    const n = 20_000;
    const query = `${'{"group":['.repeat(n)}{}${']}'.repeat(n)}`;
    const res = await customer.call(
      'POST',
      'machine/query',
      `{"parameter":{"page":1,"limit":1,"query":${query}}}`,
      { 'content-type': 'application/json' },
    );
    expect400(res, 'validation:queryTooDeep');
    await healthy();
  });

  it('nesting up to the bound works, one level more is refused', async () => {
    const nest = (levels: number): Record<string, unknown> =>
      levels === 1
        ? { filter: [{ key: 'internalId', param: 'eq', value: 'INV-1' }] }
        : { group: [nest(levels - 1)] };
    const ok = await customer.query('machine', { query: nest(QUERY_LIMITS.groupDepthMax) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ total: number }>().total).toBe(1);
    expect400(
      await customer.query('machine', { query: nest(QUERY_LIMITS.groupDepthMax + 1) }),
      'validation:queryTooDeep',
    );
    const wide = { group: Array.from({ length: QUERY_LIMITS.groupsMax + 1 }, () => ({})) };
    expect400(await customer.query('machine', { query: wide }), 'validation:queryTooLarge');
  });

  it('pages and page sizes past what a human means are 400s', async () => {
    for (const parameter of [
      { page: 9007199254740991, limit: 50 },
      { page: QUERY_LIMITS.pageMax + 1 },
      { page: 0 },
      { limit: 0 },
      { limit: -2 },
      { limit: QUERY_LIMITS.limitMax + 1 },
    ]) {
      expect400(await customer.query('machine', parameter), 'validation:queryPaging');
    }
    for (const parameter of [{ page: 1.5 }, { page: '1' }, { limit: 'all' }, { page: null }]) {
      expect400(await customer.query('machine', parameter));
    }
    const last = await customer.query('machine', { page: QUERY_LIMITS.pageMax, limit: 1 });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('filter values that cannot fit their field are 400s on every database', async () => {
    const f = (key: string, param: string, value: unknown) =>
      customer.query('machinepart/hosepipe', { query: { filter: [{ key, param, value }] } });
    expect400(await f('position', 'eq', 1e15), 'validation:queryValue');
    expect400(await f('position', 'gt', 9007199254740991), 'validation:queryValue');
    expect400(await f('position', 'lt', 1.5), 'validation:queryValue');
    expect400(await f('position', 'eq', 'NaN'), 'validation:queryValue');
    expect400(await f('position', 'in', [1, 'Infinity']), 'validation:queryValue');
    expect400(await f('position', 'like', '1'), 'validation:queryOperator');
    expect400(await f('code', 'eq', { $gt: '' }), 'validation:queryValue');
    expect400(await f('code', 'eq', [['a']]), 'validation:queryValue');
    expect400(await f('code', 'eq', 'a\u0000b'), 'validation:queryValue');
    expect400(await f('code', 'like', 'x'.repeat(QUERY_LIMITS.valueLengthMax + 1)));
    expect400(await f('code', 'in', Array.from({ length: QUERY_LIMITS.listMax + 1 }, String)));
    expect400(await f('code', 'gt', null), 'validation:queryValue');
    expect400(await f('machine.company.location.machine.id', 'eq', 'x'));
    const many = Array.from({ length: QUERY_LIMITS.filtersMax + 1 }, () => ({
      key: 'code',
      value: 'x',
    }));
    expect400(
      await customer.query('machinepart/hosepipe', { query: { filter: many } }),
      'validation:queryTooLarge',
    );
    // Sane ones still work, with unicode and LIKE wildcards taken literally.
    const ok = await f('code', 'like', 'HM-00001');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ total: number }>().total).toBe(10);
    const none = await f('code', 'like', '%_ẞΩ漢😀');
    expect(none.json<{ total: number }>().total).toBe(0);
    await healthy();
  });

  it('a hostile response path is refused quickly and the server stays healthy', async () => {
    const t0 = Date.now();
    const deep = await customer.query('machinepart/hosepipe', { page: 1, limit: -1 }, [
      'machine.pipes.machine.pipes.id',
    ]);
    expect400(deep, 'validation:queryTooDeep');
    // Three relations deep is allowed, but 300 hoses × 300 hoses passes the answer budget.
    const wide = await customer.query('machinepart/hosepipe', { page: 1, limit: -1 }, [
      'machine.pipes.machine.id',
    ]);
    expect400(wide, 'validation:answerTooLarge');
    const twice = await customer.query('machinepart/hosepipe', { page: 1, limit: -1 }, [
      'machine.pipes.id',
    ]);
    expect400(twice, 'validation:answerTooLarge');
    expect(Date.now() - t0).toBeLessThan(5_000);
    await healthy();
  });

  it('useful answers within the budget still come back whole', async () => {
    const hoses = await customer.query('machinepart/hosepipe', { page: 1, limit: -1 }, [
      'code',
      'machine.internalId',
      'machine.company.name',
      'dguvReference',
    ]);
    expect(hoses.statusCode, hoses.body).toBe(200);
    const body = hoses.json<{ data: { code: string; machine: { internalId: string } }[] }>();
    expect(body.data).toHaveLength(HOSES);
    expect(body.data[0]).toMatchObject({ code: 'HM-000001', machine: { internalId: 'INV-1' } });
    const machine = await customer.read('machine', ids.machine, ['pipes.code', 'company.name']);
    expect(machine.statusCode, machine.body).toBe(200);
    expect(machine.json<{ pipes: unknown[] }>().pipes).toHaveLength(HOSES);
    // The other company stays out of reach through relations too.
    const other = await customer.query('company', {
      query: { filter: [{ key: 'machines.pipes.code', param: 'like', value: 'HM' }] },
    });
    expect(other.json<{ data: { id: string }[] }>().data.map((c) => c.id)).toEqual([ids.company]);
  });
});
