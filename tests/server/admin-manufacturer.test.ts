/**
 * Manufacturers in use: a delete is refused with 409, the number of machines,
 * power units and parts naming it, and the message key the admin screen translates — through
 * the single endpoint and through the sync push alike. Unused ones delete as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL } from '../helpers/cms';

describe.each(testDatabases())('manufacturer in use on $name', ({ env }) => {
  let s: TestServer;
  let api: ReturnType<typeof cms>;

  beforeAll(async () => {
    s = await startTestServer({ ...env, DEMO_DATA: 'off' });
    api = cms(s, await actor(s, { roles: STAFF_ALL }));
  });
  afterAll(() => s.close());

  async function created(entity: string, data: Record<string, unknown>): Promise<string> {
    const res = await api.create(entity, data);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().id as string;
  }

  it('refuses the delete with the count of uses, and allows it once none is left', async () => {
    const company = await created('company', { name: 'Kunde', customerNumber: 'K-1' });
    const maker = await created('manufacturer', { name: 'Bosch Rexroth' });
    const machine = await created('machine', {
      companyId: company,
      manufacturerId: maker,
      internalId: 'INV-1',
    });
    const aggregate = await created('machinepart/aggregate', {
      machineId: machine,
      companyId: company,
      type: 'HYDRAULIC',
      manufacturerId: maker,
    });
    const valve = await created('machinepart/valve', {
      aggregateId: aggregate,
      companyId: company,
      manufacturerId: maker,
    });

    const refused = await api.remove('manufacturer', maker);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'manufacturer_in_use',
      message: 'admin:manufacturerInUse',
      count: 3,
    });
    expect((await api.read('manufacturer', maker)).statusCode).toBe(200);

    // Through the sync push the answer is the same rejection, kept for Sync issues.
    const pusher = await actor(s, { roles: STAFF_ALL });
    const push = await s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${pusher.token}` },
      payload: {
        clientId: randomUUID(),
        mutations: [
          {
            seq: 1,
            mutationId: randomUUID(),
            userId: pusher.id,
            name: 'cms.delete',
            method: 'DELETE',
            path: `/cms/manufacturer/delete/${maker}`,
            recordId: maker,
            baseVersion: null,
            changedFields: null,
            dependsOn: [],
            schemaVersion: 1,
          },
        ],
      },
    });
    expect(push.json().results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 409, code: 'manufacturer_in_use', count: 3 },
    });

    await api.remove('machinepart/valve', valve);
    await api.patch('machinepart/aggregate', aggregate, { manufacturerId: null });
    expect((await api.remove('manufacturer', maker)).json()).toMatchObject({ count: 1 });
    await api.remove('machine', machine);
    expect((await api.remove('manufacturer', maker)).statusCode).toBeLessThan(300);
  });

  it('deletes an unused manufacturer at once', async () => {
    const maker = await created('manufacturer', { name: 'Parker' });
    expect((await api.remove('manufacturer', maker)).statusCode).toBeLessThan(300);
    expect((await api.read('manufacturer', maker)).statusCode).toBe(404);
  });
});
