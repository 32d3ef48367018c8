/**
 * The authorization matrix beyond the generic CMS: shop, stats, files, profile and session
 * endpoints × the five kinds of caller, on the demo data. Customer users reach only their own
 * company (anything else is 404, as if it did not exist); management needs its role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor } from '../helpers/cms';
import { multipart, tinyPng } from '../helpers/files';

type Who = 'none' | 'foreignCustomer' | 'customer' | 'staffNoRole' | 'staffWithRole';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let s: TestServer;
const tokens = {} as Record<Exclude<Who, 'none'>, string>;
const ids = { machine: '', pipe: '', location: '', order: '' };

beforeAll(async () => {
  s = await startTestServer();
  const db = s.db.store;
  const pipe = await db
    .selectFrom('pipe')
    .select(['id', 'machineId'])
    .where('companyId', '=', DEMO_CUSTOMER_ID)
    .executeTakeFirstOrThrow();
  const location = await db
    .selectFrom('location')
    .select('id')
    .where('companyId', '=', DEMO_CUSTOMER_ID)
    .executeTakeFirstOrThrow();
  ids.pipe = String(pipe.id);
  ids.machine = String(pipe.machineId);
  ids.location = String(location.id);
  tokens.foreignCustomer = (await actor(s, { customer: DEMO_CUSTOMER_2_ID })).token;
  tokens.customer = (await actor(s, { customer: DEMO_CUSTOMER_ID })).token;
  tokens.staffNoRole = (await actor(s, { roles: [] })).token;
  tokens.staffWithRole = (
    await actor(s, { roles: ['admin', 'admin-shop', 'module-dguv', 'ui-admininstrator'] })
  ).token;
  // A cart of the demo customer, to manage.
  const cart = await call('customer', 'POST', '/api/shop/', [
    { pipeId: ids.pipe, locationId: ids.location },
  ]);
  expect(cart.statusCode, cart.body).toBe(200);
  ids.order = String((cart.json() as { id: string }[])[0]!.id);
  // A photo of the customer's machine, to download.
  const upload = multipart([
    { name: 'file', value: tinyPng(), filename: 'maschine.png', type: 'image/png' },
  ]);
  const up = await s.app.inject({
    method: 'POST',
    url: `/api/cms/machine/${ids.machine}/file`,
    headers: { authorization: `Bearer ${tokens.staffWithRole}`, ...upload.headers },
    payload: upload.payload,
  });
  expect(up.statusCode, up.body).toBe(201);
});
afterAll(() => s.close());

function call(who: Who, method: Method, url: string, payload?: unknown) {
  return s.app.inject({
    method,
    url,
    headers: who === 'none' ? {} : { authorization: `Bearer ${tokens[who]}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface Row {
  name: string;
  method: Method;
  url: () => string;
  body?: () => unknown;
  expect: Record<Who, number>;
}

const OWN_ONLY = {
  none: 401,
  foreignCustomer: 404,
  customer: 200,
  staffNoRole: 200,
  staffWithRole: 200,
};
const MATRIX: Row[] = [
  {
    name: 'session',
    method: 'GET',
    url: () => '/api/auth/session',
    expect: {
      none: 401,
      foreignCustomer: 200,
      customer: 200,
      staffNoRole: 200,
      staffWithRole: 200,
    },
  },
  {
    name: 'stats of the customer',
    method: 'GET',
    url: () => `/api/shop/dguv-stats/customer/${DEMO_CUSTOMER_ID}`,
    expect: OWN_ONLY,
  },
  {
    name: 'stats of a machine',
    method: 'GET',
    url: () => `/api/shop/dguv-stats/machine/${ids.machine}`,
    expect: OWN_ONLY,
  },
  {
    name: 'stats of a location',
    method: 'GET',
    url: () => `/api/shop/dguv-stats/location/${ids.location}`,
    expect: OWN_ONLY,
  },
  {
    name: 'cart of the customer',
    method: 'GET',
    url: () => `/api/shop/?customer=${DEMO_CUSTOMER_ID}`,
    expect: OWN_ONLY,
  },
  {
    name: 'add a hose of the customer to a cart',
    method: 'POST',
    url: () => '/api/shop/',
    body: () => [{ pipeId: ids.pipe, locationId: ids.location }],
    expect: OWN_ONLY,
  },
  {
    name: 'list orders',
    method: 'GET',
    url: () => '/api/shop/orders?state=open',
    expect: {
      none: 401,
      foreignCustomer: 200,
      customer: 200,
      staffNoRole: 200,
      staffWithRole: 200,
    },
  },
  {
    name: 'release an order (management)',
    method: 'POST',
    url: () => `/api/shop/order/${ids.order}/transition`,
    body: () => ({ to: 'READY' }),
    expect: {
      none: 401,
      foreignCustomer: 404,
      customer: 403,
      staffNoRole: 403,
      staffWithRole: 409,
    },
  },
  {
    name: 'tracking link (management)',
    method: 'PATCH',
    url: () => `/api/shop/order/${ids.order}`,
    body: () => ({ trackingLink: 'https://track.example/1' }),
    expect: {
      none: 401,
      foreignCustomer: 404,
      customer: 403,
      staffNoRole: 403,
      staffWithRole: 409,
    },
  },
  {
    name: 'list user profiles',
    method: 'GET',
    url: () => '/api/cms/profile',
    expect: {
      none: 401,
      foreignCustomer: 403,
      customer: 403,
      staffNoRole: 403,
      staffWithRole: 200,
    },
  },
  {
    name: 'download a machine photo',
    method: 'GET',
    url: () => `/api/cms/machine/${ids.machine}/file`,
    expect: OWN_ONLY,
  },
  {
    name: 'sync pull',
    method: 'GET',
    url: () => '/api/sync/pull?limit=1',
    expect: {
      none: 401,
      foreignCustomer: 200,
      customer: 200,
      staffNoRole: 200,
      staffWithRole: 200,
    },
  },
  {
    name: "every user's devices (office and administrators)",
    method: 'GET',
    url: () => '/api/sync/devices',
    expect: {
      none: 401,
      foreignCustomer: 403,
      customer: 403,
      staffNoRole: 403,
      staffWithRole: 200,
    },
  },
  {
    name: "the user's own devices",
    method: 'GET',
    url: () => '/api/sync/devices/mine',
    expect: {
      none: 401,
      foreignCustomer: 200,
      customer: 200,
      staffNoRole: 200,
      staffWithRole: 200,
    },
  },
];

describe('authorization matrix of the other endpoints', () => {
  const cases = MATRIX.flatMap((row) =>
    (Object.keys(row.expect) as Who[]).map((who) => ({ row, who })),
  );
  it.each(cases)('$row.name × $who', async ({ row, who }) => {
    const res = await call(who, row.method, row.url(), row.body?.());
    expect(res.statusCode, `${row.name} × ${who}`).toBe(row.expect[who]);
    if (who === 'foreignCustomer') expect(res.body).not.toContain(DEMO_CUSTOMER_ID);
    if (res.statusCode === 401)
      expect(res.json()).toEqual({ status: 401, code: 'token_invalid', message: 'token invalid' });
  });
});
