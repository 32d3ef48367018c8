/**
 * Day plans on the server (docs/api.md "Day plan"): planners write and read every plan, a
 * technician reads only the plans made for him — by id, by query and in the sync pull — and a
 * customer user never sees one; a plan names only its customer's machines and locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, type Actor } from '../helpers/cms';

describe.each(testDatabases())('day plans on $name', ({ env }) => {
  let s: TestServer;
  let planner: ReturnType<typeof cms>;
  let tom: Actor;
  let ann: Actor;
  let customer: Actor;
  const ids = {
    company: uuidv7(),
    other: uuidv7(),
    manufacturer: uuidv7(),
    location: uuidv7(),
    machine: uuidv7(),
    foreignMachine: uuidv7(),
    tomsPlan: uuidv7(),
    annsPlan: uuidv7(),
  };

  const pullIds = async (who: Actor): Promise<string[]> => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/sync/pull?limit=1000',
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ changes: { entity: string; id: string }[] }>();
    return page.changes.filter((c) => c.entity === 'dayPlan').map((c) => c.id);
  };

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    planner = cms(s, await actor(s, { roles: ['ui-admininstrator'] }));
    tom = await actor(s, { roles: ['module-dguv'] });
    ann = await actor(s, { roles: ['module-dguv'] });
    customer = await actor(s, { customer: ids.company });
    const created = [
      await planner.create('company', { id: ids.company, name: 'Alpha GmbH' }),
      await planner.create('company', { id: ids.other, name: 'Beta AG' }),
      await planner.create('manufacturer', { id: ids.manufacturer, name: 'Bosch Rexroth' }),
      await planner.create('company/location', {
        id: ids.location,
        companyId: ids.company,
        street: 'Hafenstr.',
        zip: '20457',
        city: 'Hamburg',
        type: 'MAIN',
      }),
      await planner.create('machine', {
        id: ids.machine,
        companyId: ids.company,
        manufacturerId: ids.manufacturer,
        internalId: 'P-1',
      }),
      await planner.create('machine', {
        id: ids.foreignMachine,
        companyId: ids.other,
        manufacturerId: ids.manufacturer,
        internalId: 'B-1',
      }),
    ];
    for (const res of created) expect(res.statusCode, res.body).toBe(201);
    for (const [id, who] of [
      [ids.tomsPlan, tom],
      [ids.annsPlan, ann],
    ] as const) {
      const res = await planner.create('dayplan', {
        id,
        companyId: ids.company,
        date: '2026-11-30',
        technicianId: who.id,
        locationIds: [ids.location],
        machineIds: [ids.machine],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => s?.close());

  it('lets the planner read every plan and the technician only his own', async () => {
    const all = await planner.query('dayplan', { limit: -1 });
    expect(
      all
        .json()
        .data.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([ids.tomsPlan, ids.annsPlan].sort());
    const asTom = cms(s, tom);
    expect((await asTom.read('dayplan', ids.tomsPlan)).statusCode).toBe(200);
    expect((await asTom.read('dayplan', ids.annsPlan)).statusCode).toBe(404);
    const mine = await asTom.query('dayplan', { limit: -1 });
    expect(mine.json().data.map((p: { id: string }) => p.id)).toEqual([ids.tomsPlan]);
    expect(mine.json().total).toBe(1);
  });

  it('sends a technician only his own plans in the sync pull, the planner all', async () => {
    expect(await pullIds(tom)).toEqual([ids.tomsPlan]);
    expect(await pullIds(ann)).toEqual([ids.annsPlan]);
    expect((await pullIds(await actor(s, { roles: ['ui-admininstrator'] }))).sort()).toEqual(
      [ids.tomsPlan, ids.annsPlan].sort(),
    );
  });

  it('never shows a plan to the customer: not by id, query, relation or pull', async () => {
    const api = cms(s, customer);
    expect((await api.read('dayplan', ids.tomsPlan)).statusCode).toBe(404);
    const q = await api.query('dayplan', { limit: -1 });
    expect(q.statusCode).toBe(200);
    expect(q.json().data).toEqual([]);
    const company = await api.read('company', ids.company, ['dayPlans']);
    expect(company.statusCode, company.body).toBe(200);
    expect(company.body).not.toContain(ids.tomsPlan);
    expect(await pullIds(customer)).toEqual([]);
  });

  it('lets only planners write plans', async () => {
    const asTom = cms(s, tom);
    expect((await asTom.patch('dayplan', ids.tomsPlan, { note: 'selbst' })).statusCode).toBe(403);
    expect(
      (
        await asTom.create('dayplan', {
          companyId: ids.company,
          date: '2026-12-01',
          technicianId: tom.id,
        })
      ).statusCode,
    ).toBe(403);
    expect((await cms(s, customer).remove('dayplan', ids.tomsPlan)).statusCode).toBe(403);
    const ok = await planner.patch('dayplan', ids.tomsPlan, { note: 'Tor 3' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().note).toBe('Tor 3');
  });

  it('lists the DGUV staff to plan for, to planners only', async () => {
    const get = (who: Actor) =>
      s.app.inject({
        method: 'GET',
        url: '/api/dayplan/technicians',
        headers: { authorization: `Bearer ${who.token}` },
      });
    const plannerActor = await actor(s, { roles: ['ui-admininstrator'] });
    const res = await get(plannerActor);
    expect(res.statusCode, res.body).toBe(200);
    const ids_ = res.json<{ id: string }[]>().map((t) => t.id);
    expect(ids_).toEqual(expect.arrayContaining([tom.id, ann.id]));
    expect(ids_).not.toContain(plannerActor.id);
    expect(ids_).not.toContain(customer.id);
    expect((await get(tom)).statusCode).toBe(403);
    expect((await get(customer)).statusCode).toBe(403);
  });

  it("refuses another customer's machine or an unknown location in a plan", async () => {
    const foreign = await planner.create('dayplan', {
      companyId: ids.company,
      date: '2026-12-01',
      technicianId: tom.id,
      machineIds: [ids.machine, ids.foreignMachine],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'invalid_reference', field: 'machineIds' });
    const place = await planner.patch('dayplan', ids.tomsPlan, { locationIds: [uuidv7()] });
    expect(place.statusCode).toBe(400);
    expect(place.json()).toMatchObject({ field: 'locationIds' });
  });
});
