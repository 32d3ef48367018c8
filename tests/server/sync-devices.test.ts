/**
 * Device reports (docs/sync.md "Device reports"): a push or pull with the report header keeps
 * the device's latest report; the office and administrators list every user's devices, anybody
 * else only their own, and a malformed report is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { DEVICE_REPORT_HEADER, deviceListSchema, type DeviceReport } from '@domain/sync-contract';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, type Actor } from '../helpers/cms';

const HOUR = 3_600_000;

const report = (over: Partial<DeviceReport> = {}): DeviceReport => ({
  pending: 3,
  oldestPendingAgeMs: 30 * HOUR,
  refused: 0,
  appVersion: '1.2.3',
  storagePersisted: 'no',
  storageWiped: false,
  ...over,
});

describe.each(testDatabases())('device reports on $name', ({ env }) => {
  let s: TestServer;
  let office: Actor;
  let technician: Actor;
  let customer: Actor;

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    office = await actor(s, { roles: ['ui-admininstrator'] });
    technician = await actor(s, { roles: ['module-dguv'] });
    customer = await actor(s, { customer: uuidv7() });
  });
  afterAll(() => s.close());

  const pull = (who: Actor, clientId: string, sent: unknown) =>
    s.app.inject({
      url: `/api/sync/pull?cursor=&limit=10&client=${clientId}`,
      headers: {
        authorization: `Bearer ${who.token}`,
        [DEVICE_REPORT_HEADER]: typeof sent === 'string' ? sent : JSON.stringify(sent),
      },
    });
  const push = (who: Actor, clientId: string, sent: DeviceReport) =>
    s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: {
        authorization: `Bearer ${who.token}`,
        [DEVICE_REPORT_HEADER]: JSON.stringify(sent),
      },
      // Starts at seq 2 on a new client: refused with a seq gap, and still a contact.
      payload: {
        clientId,
        mutations: [
          {
            seq: 2,
            mutationId: uuidv7(),
            userId: who.id,
            name: 'cms.delete',
            method: 'DELETE',
            path: `/cms/machine/delete/${uuidv7()}`,
          },
        ],
      },
    });
  const list = async (who: Actor, path = '/api/sync/devices') => {
    const res = await s.app.inject({
      url: path,
      headers: { authorization: `Bearer ${who.token}` },
    });
    return {
      status: res.statusCode,
      devices: res.statusCode === 200 ? deviceListSchema.parse(res.json()) : [],
    };
  };

  it('keeps the latest report per device, with the oldest unsent entry in server time', async () => {
    const device = uuidv7();
    const before = Date.now();
    expect((await pull(technician, device, report({ pending: 1 }))).statusCode).toBe(200);
    expect((await push(technician, device, report())).statusCode).toBe(409);
    const { devices } = await list(office);
    const mine = devices.filter((d) => d.clientId === device);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.userId).toBe(technician.id);
    expect(mine[0]!.report).toEqual(report());
    const oldest = Date.parse(mine[0]!.oldestPendingAt!);
    expect(oldest).toBeGreaterThanOrEqual(before - 30 * HOUR);
    expect(oldest).toBeLessThanOrEqual(Date.now() - 30 * HOUR);
    expect(Date.parse(mine[0]!.lastContactAt)).toBeGreaterThanOrEqual(before);
  });

  it('lets the office see every device and a customer only their own', async () => {
    const customerDevice = uuidv7();
    await pull(customer, customerDevice, report({ pending: 0, oldestPendingAgeMs: null }));
    const all = await list(office);
    expect(all.devices.map((d) => d.userId)).toEqual(
      expect.arrayContaining([technician.id, customer.id]),
    );
    expect((await list(customer)).status).toBe(403);
    expect((await list(technician)).status).toBe(403);
    const own = await list(customer, '/api/sync/devices/mine');
    expect(own.status).toBe(200);
    expect(own.devices.map((d) => d.clientId)).toEqual([customerDevice]);
    const tech = await list(technician, '/api/sync/devices/mine');
    expect(tech.devices.every((d) => d.userId === technician.id)).toBe(true);
  });

  it("never lets one user's report overwrite another user's device", async () => {
    const device = uuidv7();
    await pull(technician, device, report({ pending: 5 }));
    await pull(customer, device, report({ pending: 0, oldestPendingAgeMs: null }));
    const { devices } = await list(office);
    const found = devices.filter((d) => d.clientId === device);
    expect(found.map((d) => [d.userId, d.report.pending])).toEqual([[technician.id, 5]]);
  });

  it('refuses a malformed report', async () => {
    expect((await pull(technician, uuidv7(), '{not json')).statusCode).toBe(400);
    expect((await pull(technician, uuidv7(), { ...report(), pending: -1 })).statusCode).toBe(400);
  });
});
