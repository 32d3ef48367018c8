/**
 * Submitting carts and managing orders through the shop API on the demo data: terms and
 * privacy, the state table of rules/order-states as the server applies it, who may do what.
 */
import type { TableEntity } from '@server/db/entity-tables';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityStoreDb } from '@server/db/schema';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { actor } from '../helpers/cms';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

type Raw = Record<string, unknown>;
interface OrderView {
  id: string;
  state: string;
  version: number;
  submittedAt: string | null;
  trackingLink: string | null;
  items: Array<{ id: string; kind: string | null }>;
}

let s: TestServer;
let db: Kysely<EntityStoreDb>;
let kunde: string;
let buero: string;
let techniker: string;
let other: string;
let nextPipe = 0;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  s.app.inject({
    method,
    url: `/api/shop${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const rows = (table: TableEntity, companyId: string) =>
  db.selectFrom(table).selectAll().where('companyId', '=', companyId).orderBy('id').execute();
const locationOf = async (companyId: string, type: string) =>
  String((await rows('location', companyId)).find((l: Raw) => l.type === type)?.id);

/** A cart of `lines` fresh hoses of the company; returns its id. */
async function cart(token: string, companyId: string, lines = 2): Promise<string> {
  const pipes = (await rows('pipe', companyId)).slice(nextPipe, nextPipe + lines);
  nextPipe += lines;
  const locationId = await locationOf(companyId, 'MAIN');
  const res = await call(
    token,
    'POST',
    '/',
    pipes.map((p: Raw) => ({ pipeId: p.id, locationId })),
  );
  expect(res.statusCode).toBe(200);
  return String(res.json<OrderView[]>()[0]?.id);
}

async function submitBody(companyId: string) {
  return {
    deliveryAddressId: await locationOf(companyId, 'DELIVERY'),
    invoiceAddressId: await locationOf(companyId, 'INVOICE'),
    contactId: String((await rows('contact', companyId))[0]?.id),
    paymentType: 'INVOICE',
    acceptedTerms: true,
    acceptedPrivacy: true,
  };
}

async function submitted(token: string, companyId: string, lines = 2): Promise<OrderView> {
  const id = await cart(token, companyId, lines);
  const res = await call(token, 'POST', `/submit/${id}`, await submitBody(companyId));
  expect(res.statusCode).toBe(200);
  return res.json<OrderView>();
}

const move = (token: string, id: string, body: Raw) =>
  call(token, 'POST', `/order/${id}/transition`, body);
const INVALID = { status: 409, code: 'invalid_transition' };

describe.each(testDatabases())('on $name', ({ env }) => {
  beforeAll(async () => {
    s = await startTestServer(env);
    db = s.db.store;
    kunde = (await login(s.app, s.config, 'kunde')).accessToken;
    buero = (await login(s.app, s.config, 'buero')).accessToken;
    techniker = (await login(s.app, s.config, 'techniker')).accessToken;
    other = (await actor(s, { customer: DEMO_CUSTOMER_2_ID })).token;
  });
  afterAll(() => s?.close());

  describe('POST /api/shop/submit/:orderId', () => {
    it('needs terms, privacy and the customer’s own addresses; then waits for approval', async () => {
      const id = await cart(kunde, DEMO_CUSTOMER_ID);
      const body = await submitBody(DEMO_CUSTOMER_ID);
      const refused: Array<[Raw, string]> = [
        [{ ...body, acceptedTerms: undefined }, 'acceptedTerms'],
        [{ ...body, acceptedTerms: false }, 'acceptedTerms'],
        [{ ...body, acceptedPrivacy: undefined }, 'acceptedPrivacy'],
        [{ ...body, paymentType: 'CASH' }, 'paymentType'],
        [
          { ...body, deliveryAddressId: await locationOf(DEMO_CUSTOMER_2_ID, 'DELIVERY') },
          'deliveryAddressId',
        ],
      ];
      for (const [payload, field] of refused) {
        const res = await call(kunde, 'POST', `/submit/${id}`, payload);
        expect(res.json(), field).toMatchObject({ status: 400, field });
      }
      expect((await call(other, 'POST', `/submit/${id}`, body)).statusCode).toBe(404);
      expect((await call(kunde, 'POST', `/submit/${randomUUID()}`, body)).statusCode).toBe(404);

      const res = await call(kunde, 'POST', `/submit/${id}`, body);
      expect(res.statusCode).toBe(200);
      const order = res.json<OrderView>();
      expect(order).toMatchObject({
        id,
        state: 'APPROVAL_PENDING',
        version: 2,
        paymentType: 'INVOICE',
        acceptedTerms: true,
      });
      expect(Date.parse(String(order.submittedAt))).toBeGreaterThan(Date.now() - 60_000);
      expect((await call(kunde, 'GET', '/')).json()).toEqual([]);
      expect((await call(kunde, 'POST', `/submit/${id}`, body)).json()).toMatchObject(INVALID);
      const item = order.items[0]?.id;
      expect(
        (await call(kunde, 'PATCH', `/item/${String(item)}`, { quantity: 3 })).json(),
      ).toMatchObject({ status: 409, code: 'order_not_editable' });
    });

    it('makes staff orders READY at once and refuses an empty cart', async () => {
      expect((await submitted(buero, DEMO_CUSTOMER_2_ID)).state).toBe('READY');
      expect((await submitted(techniker, DEMO_CUSTOMER_ID, 1)).state).toBe('READY');
      const id = await cart(buero, DEMO_CUSTOMER_2_ID, 1);
      const [line] =
        (await call(buero, 'GET', `/?customer=${DEMO_CUSTOMER_2_ID}`)).json<OrderView[]>()[0]
          ?.items ?? [];
      await s.app.inject({
        method: 'DELETE',
        url: `/api/shop/item/${String(line?.id)}`,
        headers: { authorization: `Bearer ${buero}` },
      });
      const empty = await call(
        buero,
        'POST',
        `/submit/${id}`,
        await submitBody(DEMO_CUSTOMER_2_ID),
      );
      expect(empty.json()).toMatchObject({ status: 400, field: 'items' });
    });
  });

  describe('POST /api/shop/order/:id/transition and PATCH /api/shop/order/:id', () => {
    it('runs release → mark lines → ORDER → ORDERED → tracking link → COMPLETE', async () => {
      const order = await submitted(kunde, DEMO_CUSTOMER_ID);
      const [a, b] = order.items.map((i) => i.id);
      expect((await move(kunde, order.id, { to: 'READY' })).json()).toMatchObject({ status: 403 });
      expect((await move(techniker, order.id, { to: 'READY' })).json()).toMatchObject({
        status: 403,
      });
      expect((await move(other, order.id, { to: 'READY' })).json()).toMatchObject({ status: 404 });
      expect((await move(buero, order.id, { to: 'ORDERED' })).json()).toMatchObject(INVALID);
      expect((await move(buero, order.id, { to: 'READY' })).json()).toMatchObject({
        state: 'READY',
        version: 3,
      });

      expect((await move(buero, order.id, { to: 'ORDER' })).json()).toMatchObject(INVALID);
      const marked = await move(buero, order.id, { kind: 'WORKSHOP', itemIds: [a] });
      expect(marked.json<OrderView>()).toMatchObject({
        state: 'READY',
        items: [
          { id: a, kind: 'WORKSHOP' },
          { id: b, kind: null },
        ],
      });
      expect((await move(buero, order.id, { to: 'WORKSHOP' })).json()).toMatchObject(INVALID);
      // Marking and moving are one transaction: a refused move leaves the marks as they were.
      expect(
        (await move(buero, order.id, { kind: 'ORDER', itemIds: [b], to: 'WORKSHOP' })).json(),
      ).toMatchObject(INVALID);
      const line = await db
        .selectFrom('orderItem')
        .select('kind')
        .where('id', '=', String(b))
        .executeTakeFirst();
      expect(line?.kind).toBeNull();
      expect(
        (await move(buero, order.id, { kind: 'ORDER', itemIds: [randomUUID()] })).json(),
      ).toMatchObject({ status: 400, field: 'itemIds' });
      const ordering = await move(buero, order.id, { kind: 'ORDER', itemIds: [b], to: 'ORDER' });
      expect(ordering.json<OrderView>()).toMatchObject({ state: 'ORDER', version: 4 });

      const tracking = { trackingLink: 'https://tracking.example/123' };
      expect((await call(buero, 'PATCH', `/order/${order.id}`, tracking)).json()).toMatchObject(
        INVALID,
      );
      expect((await move(buero, order.id, { kind: 'WORKSHOP' })).json()).toMatchObject(INVALID);
      expect((await move(buero, order.id, { to: 'COMPLETE' })).json()).toMatchObject(INVALID);
      expect((await move(buero, order.id, { to: 'ORDERED' })).json()).toMatchObject({
        state: 'ORDERED',
        version: 5,
      });
      expect(
        (await call(buero, 'PATCH', `/order/${order.id}`, { trackingLink: 'ftp://x' })).json(),
      ).toMatchObject({ status: 400, field: 'trackingLink', message: 'validation:urlScheme' });
      expect((await call(kunde, 'PATCH', `/order/${order.id}`, tracking)).json()).toMatchObject({
        status: 403,
      });
      expect((await call(buero, 'PATCH', `/order/${order.id}`, tracking)).json()).toMatchObject({
        ...tracking,
        version: 6,
      });
      expect((await move(buero, order.id, { to: 'COMPLETE' })).json()).toMatchObject({
        state: 'COMPLETE',
        version: 7,
      });
      expect((await move(buero, order.id, { to: 'CANCELED' })).json()).toMatchObject(INVALID);
      expect((await move(buero, order.id, {})).json()).toMatchObject({ status: 400, field: 'to' });
      expect((await move(buero, order.id, { to: 'NOPE' })).json()).toMatchObject({
        status: 400,
        field: 'to',
      });

      const ids = async (token: string, query: string) =>
        (await call(token, 'GET', `/orders${query}`)).json<OrderView[]>().map((o) => o.id);
      expect(await ids(kunde, '?state=complete')).toContain(order.id);
      expect(await ids(kunde, '?state=open')).not.toContain(order.id);
      expect(await ids(buero, `?state=complete&customer=${DEMO_CUSTOMER_ID}`)).toContain(order.id);
      expect(await ids(other, '?state=complete')).not.toContain(order.id);
      expect((await call(other, 'GET', `/orders?customer=${DEMO_CUSTOMER_ID}`)).statusCode).toBe(
        404,
      );
    });

    it('goes READY → WORKSHOP → COMPLETE when every line is made in the workshop', async () => {
      const order = await submitted(buero, DEMO_CUSTOMER_2_ID);
      expect(
        (await move(buero, order.id, { kind: 'WORKSHOP', to: 'WORKSHOP' })).json(),
      ).toMatchObject({ state: 'WORKSHOP' });
      const patched = await call(buero, 'PATCH', `/order/${order.id}`, {
        trackingLink: 'https://t.example/9',
      });
      expect(patched.statusCode).toBe(200);
      expect((await move(buero, order.id, { to: 'COMPLETE' })).json()).toMatchObject({
        state: 'COMPLETE',
      });
    });

    it('lets a customer withdraw only a pending order, staff decline it, and never submit by transition', async () => {
      const mine = await submitted(kunde, DEMO_CUSTOMER_ID, 1);
      expect((await move(other, mine.id, { to: 'CANCELED' })).statusCode).toBe(404);
      expect((await move(kunde, mine.id, { to: 'CANCELED' })).json()).toMatchObject({
        state: 'CANCELED',
      });
      const declined = await submitted(kunde, DEMO_CUSTOMER_ID, 1);
      const body = { to: 'CANCELED', reason: 'Not in stock' };
      expect((await move(buero, declined.id, body)).json()).toMatchObject({ state: 'CANCELED' });
      const released = await submitted(kunde, DEMO_CUSTOMER_ID, 1);
      await move(buero, released.id, { to: 'READY' });
      expect((await move(kunde, released.id, { to: 'CANCELED' })).json()).toMatchObject(INVALID);
      expect((await move(buero, released.id, { to: 'CANCELED' })).json()).toMatchObject({
        state: 'CANCELED',
      });
      const open = await cart(buero, DEMO_CUSTOMER_2_ID, 1);
      expect((await move(buero, open, { to: 'READY' })).json()).toMatchObject(INVALID);
    });
  });
});
