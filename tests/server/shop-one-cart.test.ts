/**
 * One open cart per customer and location even when two first adds race (the
 * partial unique index of migration one-cart, the loser reads the winner's cart), and the
 * client-made ids an offline device sends with an add (the cart's and the new line's).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityStoreDb } from '@server/db/schema';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { liveRows, shopCall } from '../helpers/shop';

type Raw = Record<string, unknown>;
interface CartView {
  id: string;
  items: Array<{ id: string; pipeId: string; quantity: number }>;
}

describe.each(testDatabases())('on $name', ({ env }) => {
  let s: TestServer;
  let db: Kysely<EntityStoreDb>;
  let kunde: string;
  let buero: string;
  beforeAll(async () => {
    s = await startTestServer(env);
    db = s.db.store;
    kunde = (await login(s.app, s.config, 'kunde')).accessToken;
    buero = (await login(s.app, s.config, 'buero')).accessToken;
  });
  afterAll(() => s?.close());

  const of = async (companyId: string) => {
    const pipes = (await liveRows(s, 'pipe')).filter((p: Raw) => p.companyId === companyId);
    const location = (await liveRows(s, 'location')).find((l: Raw) => l.companyId === companyId);
    return { pipes, locationId: String(location?.id) };
  };
  const openCarts = (companyId: string) =>
    db
      .selectFrom('order')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('state', '=', 'NEW')
      .where('deletedAt', 'is', null)
      .execute();

  it('two first adds at the same moment create ONE cart holding both lines', async () => {
    const { pipes, locationId } = await of(DEMO_CUSTOMER_2_ID);
    const [a, b] = pipes;
    expect(await openCarts(DEMO_CUSTOMER_2_ID)).toHaveLength(0);
    // Both bring their own cart id, as two offline devices would.
    const [r1, r2] = await Promise.all([
      shopCall(s, buero, 'POST', '/', [{ pipeId: a?.id, locationId, orderId: randomUUID() }]),
      shopCall(s, buero, 'POST', '/', [{ pipeId: b?.id, locationId, orderId: randomUUID() }]),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const carts = await openCarts(DEMO_CUSTOMER_2_ID);
    expect(carts).toHaveLength(1);
    expect(r1.json<CartView[]>()[0]?.id).toBe(carts[0]?.id);
    expect(r2.json<CartView[]>()[0]?.id).toBe(carts[0]?.id);
    const lines = (await liveRows(s, 'orderItem')).filter((i: Raw) => i.orderId === carts[0]?.id);
    expect(lines.map((l: Raw) => l.pipeId).sort()).toEqual([a?.id, b?.id].sort());
  });

  it('the database itself refuses a second open cart for the same customer and location', async () => {
    const [cart] = await openCarts(DEMO_CUSTOMER_2_ID);
    if (!cart) throw new Error('cart missing');
    await expect(
      db
        .insertInto('order')
        .values({ ...cart, id: randomUUID(), changeSeq: 999_999 })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps the cart and line ids a device made, and refuses a line id already used', async () => {
    const { pipes, locationId } = await of(DEMO_CUSTOMER_ID);
    const [a, b] = pipes;
    const orderId = randomUUID();
    const lineId = randomUUID();
    const res = await shopCall(s, kunde, 'POST', '/', [
      { pipeId: a?.id, locationId, id: lineId, orderId },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<CartView[]>()).toMatchObject([
      { id: orderId, items: [{ id: lineId, pipeId: a?.id, quantity: 1 }] },
    ]);

    const reused = await shopCall(s, kunde, 'POST', '/', [
      { pipeId: b?.id, locationId, id: lineId, orderId },
    ]);
    expect(reused.json()).toMatchObject({ status: 409, field: '0.id' });
    const [cart] = await openCarts(DEMO_CUSTOMER_ID);
    expect(cart?.id).toBe(orderId);
    // A stale cart id (the device did not know its cart changed) still lands in the open cart.
    const later = await shopCall(s, kunde, 'POST', '/', [
      { pipeId: b?.id, locationId, orderId: randomUUID() },
    ]);
    expect(later.json<CartView[]>()[0]?.id).toBe(orderId);
    const bad = await shopCall(s, kunde, 'POST', '/', [{ pipeId: b?.id, locationId, id: 'x' }]);
    expect(bad.json()).toMatchObject({ status: 400, field: '0.id' });
  });

  it("never confirms that another customer's line id exists", async () => {
    const { pipes: own, locationId } = await of(DEMO_CUSTOMER_ID);
    const { pipes: theirs, locationId: theirLocation } = await of(DEMO_CUSTOMER_2_ID);
    const foreignLine = randomUUID();
    const made = await shopCall(s, buero, 'POST', '/', [
      { pipeId: theirs[2]?.id, locationId: theirLocation, id: foreignLine },
    ]);
    expect(made.statusCode, made.body).toBe(200);
    // The customer sends that id with an add of their own: no 409, a line of their own.
    const res = await shopCall(s, kunde, 'POST', '/', [
      { pipeId: own[2]?.id, locationId, id: foreignLine },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json<CartView[]>()[0]?.items.find((i) => i.pipeId === own[2]?.id);
    expect(line?.id).toEqual(expect.any(String));
    expect(line?.id).not.toBe(foreignLine);
    // The other customer's line is untouched.
    const stored = await db
      .selectFrom('orderItem')
      .selectAll()
      .where('id', '=', foreignLine)
      .executeTakeFirst();
    expect(stored).toMatchObject({ companyId: DEMO_CUSTOMER_2_ID, pipeId: theirs[2]?.id });
  });
});
