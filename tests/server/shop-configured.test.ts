/**
 * The configurator's order: a customer user may not create hoses through the CMS, so the shop
 * creates the configured hose with its cart line in one call — over HTTP and replayed from the
 * outbox by the sync push — and refuses it as a whole for a machine the user may not see.
 */
import type { TableEntity } from '@server/db/entity-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import type { Mutation } from '@domain/sync-contract';
import { DEMO_CUSTOMER_2_ID } from '@server/modules/demo/demo-data';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { actor, type Actor } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { liveRows, shopCall } from '../helpers/shop';

type Raw = Record<string, unknown>;
let s: TestServer;
let kunde: Actor;

describe.each(testDatabases())('on $name', ({ env }) => {
  beforeAll(async () => {
    s = await startTestServer(env);
    kunde = await actor(s, { customer: DEMO_CUSTOMER_ID });
  });
  afterAll(() => s?.close());

  const rows = (table: TableEntity) => liveRows(s, table);

  /** A configured assembly on a machine of `companyId`, at one of its locations. */
  async function configured(companyId: string, code = '') {
    const machine = (await rows('machine')).find((m) => m.companyId === companyId) as Raw;
    const products = await rows('product');
    const hose = products.find((p) => p.kind === 'HOSE' && p.active) as Raw;
    const fitting = products.find(
      (p) => p.kind === 'FITTING' && p.active && (p.dn === null || p.dn === hose.dn),
    ) as Raw;
    const side = { type: fitting.fittingType, twistAngle: 0, socket: null };
    return {
      pipe: {
        id: uuidv7(),
        machineId: String(machine.id),
        position: 99,
        code,
        productId: String(hose.id),
        hoseType: String(hose.name),
        dn: hose.dn,
        maxPn: hose.maxPn,
        length: 1000,
        fittingLeft: side,
        fittingRight: side,
        withProtection: false,
        withRope: false,
      },
      locationId: String(machine.locationId),
      quantity: 2,
      id: uuidv7(),
    };
  }

  it('a customer orders a configured hose: the hose and its line are created together', async () => {
    const cmsCreate = await s.app.inject({
      method: 'POST',
      url: '/api/cms/machinepart/hosepipe/create',
      headers: { authorization: `Bearer ${kunde.token}` },
      payload: { data: { companyId: DEMO_CUSTOMER_ID } },
    });
    expect(cmsCreate.statusCode).toBe(403); // the CMS stays closed to customer users

    const body = await configured(DEMO_CUSTOMER_ID);
    const res = await shopCall(s, kunde.token, 'POST', '/configured', body);
    expect(res.statusCode).toBe(200);
    const pipe = (await rows('pipe')).find((p) => p.id === body.pipe.id);
    expect(pipe).toMatchObject({ companyId: DEMO_CUSTOMER_ID, machineId: body.pipe.machineId });
    expect(String(pipe?.code)).not.toBe(''); // the server gave it the next code
    const [cart] = res.json<Array<{ items: Raw[]; totalNetCents: number }>>();
    const line = cart?.items.find((i) => i.pipeId === body.pipe.id);
    expect(line).toMatchObject({ id: body.id, quantity: 2 });
    expect(Number(line?.totalNetCents)).toBe(2 * Number(line?.unitNetCents));
  });

  it('a code another hose holds is replaced by the next free one', async () => {
    const taken = String((await rows('pipe'))[0]?.code);
    const body = await configured(DEMO_CUSTOMER_ID, taken);
    expect((await shopCall(s, kunde.token, 'POST', '/configured', body)).statusCode).toBe(200);
    const pipe = (await rows('pipe')).find((p) => p.id === body.pipe.id);
    expect(pipe?.code).not.toBe(taken);
  });

  it("refuses another customer's machine and creates nothing", async () => {
    const body = await configured(DEMO_CUSTOMER_2_ID);
    const res = await shopCall(s, kunde.token, 'POST', '/configured', body);
    expect(res.statusCode).toBe(404);
    expect((await rows('pipe')).some((p) => p.id === body.pipe.id)).toBe(false);
    expect((await rows('orderItem')).some((i) => i.id === body.id)).toBe(false);
  });

  it('is replayed from the outbox by the sync push, once', async () => {
    const body = await configured(DEMO_CUSTOMER_ID);
    const mutation: Mutation = {
      seq: 1,
      mutationId: uuidv7(),
      userId: kunde.id,
      name: 'shop.configured',
      method: 'POST',
      path: '/shop/configured',
      body,
      recordId: body.id,
      baseVersion: null,
      changedFields: null,
      dependsOn: [],
      schemaVersion: 1,
    };
    const clientId = uuidv7();
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { authorization: `Bearer ${kunde.token}` },
        payload: { clientId, mutations: [mutation] },
      });
    const first = await send();
    expect(first.json<{ results: Raw[] }>().results[0]).toMatchObject({ status: 'applied' });
    const again = await send();
    expect(again.json<{ results: Raw[] }>().results[0]).toMatchObject({ status: 'duplicate' });
    const lines = (await rows('orderItem')).filter((i) => i.pipeId === body.pipe.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 2 });
  });
});
