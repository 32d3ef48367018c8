/**
 * The cart of the shop API on the demo data: add (default quantity 1, increments), change and
 * remove lines, totals in integer cents as rules/prices computes them, one transaction per
 * write, customer scope.
 */
import type { TableEntity } from '@server/db/entity-tables';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblyPrice } from '@domain/rules/prices';
import type { EntityStoreDb } from '@server/db/schema';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { actor } from '../helpers/cms';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { liveRows, shopCall } from '../helpers/shop';

type Raw = Record<string, unknown>;
let s: TestServer;
let db: Kysely<EntityStoreDb>;
let kunde: string;
let buero: string;
let other: string;

const call = (...a: Parameters<typeof shopCall> extends [unknown, ...infer R] ? R : never) =>
  shopCall(s, ...a);
const rows = (table: TableEntity) => liveRows(s, table);

describe.each(testDatabases())('on $name', ({ env }) => {
  beforeAll(async () => {
    s = await startTestServer(env);
    db = s.db.store;
    kunde = (await login(s.app, s.config, 'kunde')).accessToken;
    buero = (await login(s.app, s.config, 'buero')).accessToken;
    other = (await actor(s, { customer: DEMO_CUSTOMER_2_ID })).token;
  });
  afterAll(() => s?.close());

  async function expectedUnitCents(pipe: Raw): Promise<number> {
    const products = await rows('product');
    const cheapest = (ok: (p: Raw) => boolean) =>
      products.filter(ok).sort((a, b) => Number(a.priceCents) - Number(b.priceCents))[0];
    const hose =
      products.find((p) => p.id === pipe.productId) ??
      products
        .filter(
          (p) => p.kind === 'HOSE' && p.dn === pipe.dn && Number(p.maxPn) >= Number(pipe.maxPn),
        )
        .sort((a, b) => Number(a.maxPn) - Number(b.maxPn))[0];
    const fitting = (side: unknown) => {
      const type = (JSON.parse(String(side)) as { type: string }).type;
      return cheapest((p) => p.fittingType === type && p.dn === pipe.dn);
    };
    const accessory = (kind: string, wanted: unknown) =>
      wanted
        ? (cheapest((p) => p.accessory === kind && p.dn === pipe.dn) ??
          cheapest((p) => p.accessory === kind && p.dn === null))
        : null;
    const priced = (p: Raw | null | undefined) =>
      p ? { unit: p.unit as 'METER' | 'PIECE', priceCents: Number(p.priceCents) } : null;
    const settings = (await rows('companySettings'))[0];
    const hosePrice = priced(hose);
    if (!hosePrice) throw new Error('no hose product');
    return assemblyPrice({
      hose: hosePrice,
      lengthMm: Number(pipe.length),
      fittingLeft: priced(fitting(pipe.fittingLeft)),
      fittingRight: priced(fitting(pipe.fittingRight)),
      protection: priced(accessory('PROTECTION', pipe.withProtection)),
      rope: priced(accessory('ROPE', pipe.withRope)),
      assemblySurchargeCents: Number(settings?.assemblySurchargeCents),
    }).unitNetCents;
  }

  interface CartView {
    id: string;
    state: string;
    items: Array<{
      id: string;
      pipeId: string;
      quantity: number;
      unitNetCents: number;
      totalNetCents: number;
      assemblySurchargeCents: number;
      name: string;
    }>;
    pipeCount: number;
    totalNetCents: number;
  }

  describe('the cart', () => {
    it('adds (default quantity 1, then increments), changes and removes lines with rules/prices totals', async () => {
      const pipes = (await rows('pipe')).filter((p) => p.companyId === DEMO_CUSTOMER_ID);
      const p1 =
        pipes.find((p) => p.productId && p.withProtection && p.withRope) ??
        pipes.find((p) => p.productId);
      const p2 = pipes.find((p) => !p.productId && p.id !== p1?.id);
      const locations = (await rows('location')).filter((l) => l.companyId === DEMO_CUSTOMER_ID);
      const plant = String(locations.find((l) => l.type === 'MAIN')?.id);
      if (!p1 || !p2) throw new Error('demo pipes missing');
      const [u1, u2] = [await expectedUnitCents(p1), await expectedUnitCents(p2)];

      expect((await call(kunde, 'GET', '/')).json()).toEqual([]);
      expect((await call(buero, 'GET', '/')).json()).toMatchObject({
        status: 400,
        field: 'customer',
      });
      expect((await call(kunde, 'GET', `/?customer=${DEMO_CUSTOMER_2_ID}`)).statusCode).toBe(404);

      const first = await call(kunde, 'POST', '/', [{ pipeId: p1.id, locationId: plant }]);
      expect(first.statusCode).toBe(200);
      const [cart] = first.json<CartView[]>();
      expect(cart).toMatchObject({ state: 'NEW', locationId: plant, companyId: DEMO_CUSTOMER_ID });
      expect(cart?.items).toMatchObject([
        {
          pipeId: p1.id,
          quantity: 1,
          unitNetCents: u1,
          totalNetCents: u1,
          assemblySurchargeCents: 1250,
        },
      ]);
      expect(cart?.items[0]?.name).toContain(String(p1.code));

      const more = await call(kunde, 'POST', '', [
        // the base without the slash: the same cart
        { pipeId: p1.id, locationId: plant, quantity: 2 },
        { pipeId: p2.id, locationId: plant },
      ]);
      const [again] = more.json<CartView[]>();
      expect(again?.id).toBe(cart?.id);
      const line1 = again?.items.find((i) => i.pipeId === p1.id);
      const line2 = again?.items.find((i) => i.pipeId === p2.id);
      expect(line1).toMatchObject({ quantity: 3, totalNetCents: 3 * u1 });
      expect(line2).toMatchObject({ quantity: 1, totalNetCents: u2 });
      expect(again).toMatchObject({ pipeCount: 4, totalNetCents: 3 * u1 + u2 });

      const patched = await call(kunde, 'PATCH', `/item/${String(line1?.id)}`, { quantity: 5 });
      expect(patched.json<CartView>()).toMatchObject({ totalNetCents: 5 * u1 + u2, pipeCount: 6 });
      const stored = await db
        .selectFrom('orderItem')
        .selectAll()
        .where('id', '=', String(line1?.id))
        .executeTakeFirst();
      expect(stored).toMatchObject({ quantity: 5, totalNetCents: 5 * u1, version: 3 });
      expect(
        (await call(kunde, 'PATCH', `/item/${String(line1?.id)}`, { quantity: 0 })).json(),
      ).toMatchObject({ status: 400, field: 'quantity' });

      for (const res of [
        await call(other, 'PATCH', `/item/${String(line1?.id)}`, { quantity: 2 }),
        await call(other, 'DELETE', `/item/${String(line1?.id)}`),
        await call(other, 'POST', '/', [{ pipeId: p1.id, locationId: plant }]),
      ]) {
        expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
      }

      const removed = await call(kunde, 'DELETE', `/item/${String(line2?.id)}`);
      expect(removed.json<CartView>().items.map((i) => i.pipeId)).toEqual([p1.id]);
      expect(removed.json<CartView>().totalNetCents).toBe(5 * u1);
      const tomb = await db
        .selectFrom('orderItem')
        .selectAll()
        .where('id', '=', String(line2?.id))
        .executeTakeFirst();
      expect(tomb?.deletedAt).toEqual(expect.any(String));
      expect(tomb?.version).toBe(2);

      // One cart per location: another plant gets its own.
      const south = String(locations.filter((l) => l.type === 'MAIN')[1]?.id);
      await call(kunde, 'POST', '/', [{ pipeId: p2.id, locationId: south }]);
      expect((await call(kunde, 'GET', '/')).json<CartView[]>()).toHaveLength(2);
      expect(
        (await call(buero, 'GET', `/?customer=${DEMO_CUSTOMER_ID}&location=${plant}`)).json<
          CartView[]
        >(),
      ).toMatchObject([{ id: cart?.id }]);
    });

    it('refuses foreign locations, unpriceable hoses and bad input, writing nothing', async () => {
      const pipes = (await rows('pipe')).filter((p) => p.companyId === DEMO_CUSTOMER_2_ID);
      const [ok, broken] = pipes;
      const foreign = (await rows('location')).find((l) => l.companyId === DEMO_CUSTOMER_ID);
      const own = (await rows('location')).find((l) => l.companyId === DEMO_CUSTOMER_2_ID);
      await db
        .updateTable('pipe')
        .set({ dn: 99, productId: null })
        .where('id', '=', String(broken?.id))
        .execute();

      const wrongPlace = await call(buero, 'POST', '/', [
        { pipeId: ok?.id, locationId: foreign?.id },
      ]);
      expect(wrongPlace.json()).toMatchObject({
        status: 404,
        code: 'not_found',
        field: '0.locationId',
      });
      const unpriced = await call(buero, 'POST', '/', [
        { pipeId: ok?.id, locationId: own?.id },
        { pipeId: broken?.id, locationId: own?.id },
      ]);
      expect(unpriced.statusCode).toBe(422);
      expect(unpriced.json()).toMatchObject({
        code: 'no_matching_product',
        message: 'no matching hose in the assortment',
      });
      expect(
        (
          await call(buero, 'POST', '/', [{ pipeId: ok?.id, locationId: own?.id, quantity: 0 }])
        ).json(),
      ).toMatchObject({ status: 400, field: '0.quantity' });
      expect((await call(buero, 'POST', '/', [])).statusCode).toBe(400);
      // The valid first line of the refused request was rolled back with it.
      expect((await call(other, 'GET', '/')).json()).toEqual([]);
    });
  });
});
