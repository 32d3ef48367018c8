/**
 * Cart quantities are what a human could mean (1–999 per line). A quantity
 * of 9007199254740991 on add or 1e15 on a line change was a RangeError 500; adding the same
 * hose again may not push a line past the bound either (on PostgreSQL its total in cents
 * would overflow the 32-bit column).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_QUANTITY_MAX } from '@domain/schemas/shop-requests';
import { isMessageKey } from '@domain/messages';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { actor } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { liveRows, shopCall } from '../helpers/shop';

describe.each(testDatabases())('cart quantity bounds on $name', ({ env }) => {
  let s: TestServer;
  let kunde: string;
  let pipeId: string;
  let locationId: string;

  beforeAll(async () => {
    s = await startTestServer({ RATE_LIMIT_API_PER_MINUTE: '0', ...env });
    kunde = (await actor(s, { customer: DEMO_CUSTOMER_ID })).token;
    const pipe = (await liveRows(s, 'pipe')).find(
      (p) => p.companyId === DEMO_CUSTOMER_ID && p.productId,
    );
    const location = (await liveRows(s, 'location')).find(
      (l) => l.companyId === DEMO_CUSTOMER_ID && l.type === 'MAIN',
    );
    pipeId = String(pipe?.id);
    locationId = String(location?.id);
  });
  afterAll(() => s?.close());

  function expect400(res: { statusCode: number; body: string }, field: string) {
    expect(res.statusCode, res.body).toBe(400);
    const body = JSON.parse(res.body) as { message: string; field?: string };
    expect(isMessageKey(body.message), body.message).toBe(true);
    expect(body.field).toBe(field);
  }

  it('refuses absurd quantities on add and on a line change with a translated 400', async () => {
    for (const quantity of [9007199254740991, 1e15, CART_QUANTITY_MAX + 1, 0, -1, 1.5]) {
      expect400(
        await shopCall(s, kunde, 'POST', '/', [{ pipeId, locationId, quantity }]),
        '0.quantity',
      );
    }
    const added = await shopCall(s, kunde, 'POST', '/', [{ pipeId, locationId, quantity: 2 }]);
    expect(added.statusCode, added.body).toBe(200);
    const item = added.json<{ items: { id: string }[] }[]>()[0]?.items[0];
    for (const quantity of [1e15, 9007199254740991, CART_QUANTITY_MAX + 1, '5', null]) {
      expect400(
        await shopCall(s, kunde, 'PATCH', `/item/${String(item?.id)}`, { quantity }),
        'quantity',
      );
    }
    const max = await shopCall(s, kunde, 'PATCH', `/item/${String(item?.id)}`, {
      quantity: CART_QUANTITY_MAX,
    });
    expect(max.statusCode, max.body).toBe(200);
  });

  it('adding the same hose again never takes a line past the bound', async () => {
    const again = await shopCall(s, kunde, 'POST', '/', [{ pipeId, locationId, quantity: 1 }]);
    expect400(again, '0.quantity');
    const items = (await liveRows(s, 'orderItem')).filter((i) => i.pipeId === pipeId);
    expect(items.map((i) => Number(i.quantity))).toEqual([CART_QUANTITY_MAX]);
    expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
