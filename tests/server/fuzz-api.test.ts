/**
 * A property-based fuzz of every call a signed-in user can make with a body — the
 * CMS query, read, create, update (PUT/PATCH) and delete of every entity, the shop calls and
 * the sync push — as a customer user and as staff, with random and hostile bodies. Whatever
 * comes in: no answer ≥ 500, the server healthy after each run, and the customer's runs change
 * no row outside their own company.
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY, CMS_ENTITIES, ENTITY_PATHS } from '@server/cms/registry';
import type { EntityStoreDb } from '@server/db/schema';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import {
  dataArb,
  entityArb,
  hostileNumber,
  hostileString,
  hostileValue,
  idArb,
  queryBodyArb,
  responseBodyArb,
} from '../helpers/fuzz-arbitraries';

/**
 * A push carrying a read or query call hung the server before harden-sync's fix (merged):
 * such entries are fuzzed too and must come back `rejected`, never hang or 5xx.
 */
const PUSH_INCLUDES_READS = true;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /** A body sent as written (not JSON-encoded by the test): deep nests, `__proto__` keys. */
  raw?: string;
}

/** A path segment; a lone surrogate cannot be put in a URL at all, so it becomes U+FFFD. */
function enc(segment: string): string {
  try {
    return encodeURIComponent(segment);
  } catch {
    return encodeURIComponent(segment.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

function cmsCallArb(known: string[]): fc.Arbitrary<Call> {
  const id = idArb(known);
  return entityArb.chain((entity) => {
    const base = `/api/cms/${ENTITY_PATHS[entity]}`;
    const data = dataArb(entity, known);
    const response = fc.option(fc.array(hostileString, { maxLength: 3 }), { nil: undefined });
    return fc.oneof(
      queryBodyArb.map((payload): Call => ({ method: 'POST', url: `${base}/query`, payload })),
      fc
        .tuple(id, responseBodyArb)
        .map(([i, payload]): Call => ({ method: 'POST', url: `${base}/read/${enc(i)}`, payload })),
      responseBodyArb.map((payload): Call => ({ method: 'POST', url: `${base}/read`, payload })),
      fc.tuple(data, response).map(([d, r]): Call => ({
        method: 'POST',
        url: `${base}/create`,
        payload: { data: d, response: r },
      })),
      fc
        .tuple(
          fc.constantFrom('PUT' as const, 'PATCH' as const),
          id,
          data,
          fc.option(hostileNumber),
        )
        .map(([method, i, d, baseVersion]): Call => ({
          method,
          url: `${base}/update/${enc(i)}`,
          payload: { data: d, ...(baseVersion === null ? {} : { baseVersion }) },
        })),
      id.map((i): Call => ({ method: 'DELETE', url: `${base}/delete/${enc(i)}` })),
    );
  });
}

/** Bodies no JSON encoder writes: 20 000 nested groups, prototype keys, broken JSON. */
const rawBodies = fc.constantFrom(
  `{"parameter":{"query":${'{"group":['.repeat(20_000)}{}${']}'.repeat(20_000)}}}`,
  `{"data":{"__proto__":{"admin":true}}}`,
  `{"data":{"constructor":{"prototype":{"admin":true}}}}`,
  `{"response":["__proto__"],"data":{"name":"x"}}`,
  `{"parameter":`,
  `[${'['.repeat(5000)}${']'.repeat(5000)}]`,
);

function rawCallArb(): fc.Arbitrary<Call> {
  return fc
    .tuple(entityArb, fc.constantFrom('query', 'create', 'read'), rawBodies)
    .map(([e, verb, raw]) => ({ method: 'POST', url: `/api/cms/${ENTITY_PATHS[e]}/${verb}`, raw }));
}

/** The shop's calls (docs/api.md) with hostile bodies and ids. */
function shopCallArb(known: string[]): fc.Arbitrary<Call> {
  const id = idArb(known);
  const line = fc.record(
    { pipeId: id, locationId: id, quantity: fc.oneof(hostileNumber, hostileValue) },
    { requiredKeys: [] },
  );
  return fc.oneof(
    fc
      .oneof(fc.array(line, { maxLength: 4 }), hostileValue)
      .map((payload): Call => ({ method: 'POST', url: '/api/shop/', payload })),
    fc
      .tuple(
        id,
        fc.oneof(fc.record({ quantity: fc.oneof(hostileNumber, hostileValue) }), hostileValue),
      )
      .map(([i, payload]): Call => ({ method: 'PATCH', url: `/api/shop/item/${enc(i)}`, payload })),
    id.map((i): Call => ({ method: 'DELETE', url: `/api/shop/item/${enc(i)}` })),
    fc
      .tuple(
        id,
        fc.record(
          {
            deliveryAddressId: id,
            invoiceAddressId: id,
            contactId: id,
            paymentType: fc.oneof(fc.constant('INVOICE'), hostileValue),
            acceptedTerms: fc.oneof(fc.boolean(), hostileValue),
            acceptedPrivacy: fc.oneof(fc.boolean(), hostileValue),
          },
          { requiredKeys: [] },
        ),
      )
      .map(([i, payload]): Call => ({
        method: 'POST',
        url: `/api/shop/submit/${enc(i)}`,
        payload,
      })),
    fc
      .tuple(
        id,
        fc.record(
          {
            to: fc.oneof(
              fc.constantFrom('READY', 'ORDER', 'WORKSHOP', 'COMPLETE', 'CANCELED'),
              hostileValue,
            ),
            kind: fc.oneof(fc.constantFrom('ORDER', 'WORKSHOP'), hostileValue),
            itemIds: fc.oneof(fc.array(id, { maxLength: 3 }), hostileValue),
            reason: fc.oneof(fc.string({ maxLength: 600 }), hostileValue),
          },
          { requiredKeys: [] },
        ),
      )
      .map(([i, payload]): Call => ({
        method: 'POST',
        url: `/api/shop/order/${enc(i)}/transition`,
        payload,
      })),
    fc
      .tuple(
        id,
        fc.record({ trackingLink: hostileValue, deliveryNoteFileId: id }, { requiredKeys: [] }),
      )
      .map(([i, payload]): Call => ({
        method: 'PATCH',
        url: `/api/shop/order/${enc(i)}`,
        payload,
      })),
  );
}

/** One push: the calls above as outbox entries (method, path under /api, body). */
function pushCallArb(known: string[], userId: string): fc.Arbitrary<Call> {
  const entry = fc
    .oneof(cmsCallArb(known), shopCallArb(known))
    .filter((c) => c.method !== 'GET')
    .filter((c) => PUSH_INCLUDES_READS || !/\/(read|query)(\/|$)/.test(c.url));
  const mutation = fc
    .tuple(entry, fc.uuid({ version: 7 }), fc.option(hostileValue, { freq: 8 }))
    .map(([c, mutationId, noise]) => ({
      mutationId,
      userId,
      name: 'fuzz',
      method: c.method,
      path: c.url.replace(/^\/api/, ''),
      body: noise ?? c.payload,
    }));
  return fc
    .tuple(
      fc.uuid({ version: 7 }),
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      fc.option(hostileNumber, { freq: 6 }),
      fc.option(hostileValue, { freq: 10 }),
    )
    .map(([clientId, mutations, seqStart, noise]) => ({
      method: 'POST',
      url: '/api/sync/push',
      payload:
        noise ??
        ({
          clientId,
          mutations: mutations.map((m, i) => ({ ...m, seq: (seqStart ?? 1) + i })),
        } as unknown),
    }));
}

describe.each(testDatabases())('API fuzz on $name', ({ name, env }) => {
  // PostgreSQL: one shorter pass (its own type errors are what it adds).
  const scale = name === 'sqlite' ? 1 : 0.25;
  const runs = (n: number) => Math.max(10, Math.round(n * scale));
  let s: TestServer;
  let db: Kysely<EntityStoreDb>;
  const users: Record<'customer' | 'staff', { token: string; id: string }> = {
    customer: { token: '', id: '' },
    staff: { token: '', id: '' },
  };
  const known: string[] = [];

  beforeAll(async () => {
    s = await startTestServer({ RATE_LIMIT_API_PER_MINUTE: '0', ...env });
    db = s.db.store;
    for (const [who, username] of [
      ['customer', 'kunde'],
      ['staff', 'admin'],
    ] as const) {
      const token = (await login(s.app, s.config, username)).accessToken;
      const payload = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
      ) as {
        sub: string;
      };
      users[who] = { token, id: payload.sub };
    }
    // A few live ids of every entity, of both customers, so calls reach past "not found".
    for (const entity of CMS_ENTITIES) {
      const rows = await db.selectFrom(REGISTRY[entity].table).select('id').limit(4).execute();
      known.push(...rows.map((r) => String(r.id)));
    }
  }, 120_000);
  afterAll(() => s?.close());

  /** Every row outside the customer's own company: other customers' and the global ones. */
  async function foreignRows(): Promise<string> {
    const parts: unknown[] = [];
    for (const entity of CMS_ENTITIES) {
      const def = REGISTRY[entity];
      let q = db.selectFrom(def.table).selectAll().orderBy('id');
      if (def.scope === 'company') q = q.where('companyId', '<>', DEMO_CUSTOMER_ID);
      parts.push(await q.execute());
    }
    return JSON.stringify(parts);
  }

  async function send(who: 'customer' | 'staff', call: Call) {
    const headers: Record<string, string> = { authorization: `Bearer ${users[who].token}` };
    if (call.raw !== undefined || call.payload !== undefined)
      headers['content-type'] = 'application/json';
    const pending = s.app.inject({
      method: call.method,
      url: call.url,
      headers,
      ...(call.raw !== undefined
        ? { payload: call.raw }
        : call.payload !== undefined
          ? { payload: JSON.stringify(call.payload) }
          : {}),
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in 10 s: ${describeCall(call)}`)),
        10_000,
      );
    });
    try {
      return await Promise.race([pending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  const describeCall = (c: Call) =>
    `${c.method} ${c.url} ${(c.raw ?? JSON.stringify(c.payload) ?? '').slice(0, 600)}`;

  /**
   * Runs `numRuns` calls and collects every answer ≥ 500 (no shrinking: each failing call is
   * reported whole, all of them at once), then checks the server is still healthy.
   */
  async function fuzz(who: 'customer' | 'staff', arb: fc.Arbitrary<Call>, numRuns: number) {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(arb, async (call) => {
        const res = await send(who, call);
        if (res.statusCode >= 500)
          failures.push(`${describeCall(call)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
      }),
      { numRuns, endOnFailure: true },
    );
    expect(failures).toEqual([]);
    expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const q = await send(who, {
      method: 'POST',
      url: '/api/cms/machinepart/hosepipe/query',
      payload: { parameter: { page: 1, limit: 5 }, response: ['code', 'dguvReference'] },
    });
    expect(q.statusCode, q.body).toBe(200);
  }

  describe('as a customer user (other companies untouched)', () => {
    let before = '';
    beforeAll(async () => {
      before = await foreignRows();
    });

    it('CMS calls of every entity', async () => {
      await fuzz(
        'customer',
        fc.oneof({ weight: 12, arbitrary: cmsCallArb(known) }, rawCallArb()),
        runs(500),
      );
    }, 60_000);
    it('shop calls', async () => {
      await fuzz('customer', shopCallArb(known), runs(200));
    }, 60_000);
    it('sync push', async () => {
      await fuzz('customer', pushCallArb(known, users.customer.id), runs(150));
    }, 60_000);
    it('changed no row of another company', async () => {
      expect(await foreignRows()).toBe(before);
    });
  });

  describe('as staff', () => {
    it('CMS calls of every entity', async () => {
      await fuzz(
        'staff',
        fc.oneof({ weight: 12, arbitrary: cmsCallArb(known) }, rawCallArb()),
        runs(500),
      );
    }, 60_000);
    it('shop calls', async () => {
      await fuzz('staff', shopCallArb(known), runs(200));
    }, 60_000);
    it('sync push', async () => {
      await fuzz('staff', pushCallArb(known, users.staff.id), runs(150));
    }, 60_000);
  });
});
