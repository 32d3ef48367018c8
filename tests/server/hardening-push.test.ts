/**
 * A sync push can neither freeze the server (a read or query in a
 * push, or any code that uses the root handle inside its own transaction) nor act through
 * another user's client id. Each case hung or leaked on the code before the fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import type { Mutation, PushResponse } from '@domain/sync-contract';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

/** Fails after `ms` instead of waiting forever (the old code hung here). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

describe.each(testDatabases())('push hardening on $name', ({ env }) => {
  let s: TestServer;
  let staff: Actor;
  let customer: Actor;
  const company = uuidv7();
  const manufacturer = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    customer = await actor(s, { customer: company });
    const api = cms(s, staff);
    expect((await api.create('company', { id: company, name: 'Härte GmbH' })).statusCode).toBe(201);
    await api.create('manufacturer', { id: manufacturer, name: 'Härte-Hersteller' });
  });
  afterAll(() => s.close());

  const db = () => s.db.store;
  const push = (who: Actor, clientId: string, mutations: Mutation[]) =>
    within(
      5000,
      s.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { authorization: `Bearer ${who.token}` },
        payload: { clientId, mutations },
      }),
    );
  const call = (who: Actor, seq: number, method: Mutation['method'], path: string, body: unknown) =>
    ({
      seq,
      mutationId: uuidv7(),
      userId: who.id,
      name: 'cms.call',
      method,
      path,
      body,
      recordId: null,
      baseVersion: null,
      changedFields: null,
      dependsOn: [],
      schemaVersion: 1,
    }) satisfies Mutation;
  const machineCreate = (who: Actor, seq: number) =>
    call(who, seq, 'POST', '/cms/machine/create', {
      data: { companyId: company, manufacturerId: manufacturer, internalId: `H-${uuidv7()}` },
    });
  const serverAnswers = async () => {
    const res = await within(5000, cms(s, staff).query('company', { page: 1, limit: 5 }));
    expect(res.statusCode).toBe(200);
  };

  it.each([
    ['a query', 'POST', '/cms/machine/query', { parameter: { page: 1, limit: 1 } }],
    ['a read', 'POST', '/cms/company/read/{company}', {}],
    ['a read without id', 'POST', '/cms/settings/read', {}],
    ['a file call', 'POST', '/cms/machine/{company}/file', {}],
  ] as const)(
    'refuses %s in a push with a stored answer, and keeps serving',
    async (_, method, path, body) => {
      for (const who of [customer, staff]) {
        const clientId = uuidv7();
        const read = call(who, 1, method, path.replace('{company}', company), body);
        const res = await push(who, clientId, [read, machineCreate(who, 2)]);
        expect(res.statusCode).toBe(200);
        const out = res.json<PushResponse>();
        expect(out.results[0]).toMatchObject({
          status: 'rejected',
          error: { status: 400, code: 'not_a_write', message: 'errors:pushNotAWrite' },
        });
        // The refusal is an answer: the batch goes on and the seq moves past it.
        expect(out.lastProcessedSeq).toBe(2);
        const again = await push(who, clientId, [read]);
        expect(again.json<PushResponse>().results[0]).toMatchObject({ status: 'rejected' });
        await serverAnswers();
      }
    },
  );

  it('the root handle used inside its own transaction fails at once, not in a hang', async () => {
    const outcome = within(
      3000,
      db()
        .transaction()
        .execute(async (tx) => {
          await tx.selectFrom('company').select('id').execute();
          return db().selectFrom('company').select('id').execute();
        }),
    );
    await expect(outcome).rejects.toThrow(/inside an open transaction/);
    const nested = within(
      3000,
      db()
        .transaction()
        .execute(() =>
          db()
            .transaction()
            .execute(async () => 1),
        ),
    );
    await expect(nested).rejects.toThrow(/inside an open transaction/);
    // Derived handles carry the guard too.
    const derived = within(
      3000,
      db()
        .transaction()
        .execute(() => db().withTables<{ x: { id: string } }>().selectFrom('company').execute()),
    );
    await expect(derived).rejects.toThrow(/inside an open transaction/);
    await serverAnswers();
    // Work that outlives its transaction may use the root again.
    let later: Promise<unknown> = Promise.resolve();
    await db()
      .transaction()
      .execute(async () => {
        later = new Promise((r) => setTimeout(r, 20)).then(() =>
          db().selectFrom('company').select('id').execute(),
        );
      });
    await expect(within(3000, later)).resolves.toBeInstanceOf(Array);
  });

  it('answers concurrent requests while transactions run (no false alarms)', async () => {
    const api = cms(s, staff);
    const answers = await within(
      10000,
      Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 2
            ? api.create('company/location', {
                companyId: company,
                street: `Parallelweg ${i}`,
                zip: '10115',
                city: 'X',
                type: 'MAIN',
              })
            : api.query('company', { page: 1, limit: 5 }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array<number>(6).fill(200),
      ...Array<number>(6).fill(201),
    ]);
  });

  it("refuses another user's client id without touching its state", async () => {
    const clientId = uuidv7();
    const first = machineCreate(staff, 1);
    const internalId = (first.body as { data: { internalId: string } }).data.internalId;
    const own = await push(staff, clientId, [first]);
    expect(own.json<PushResponse>().results[0]).toMatchObject({ status: 'applied' });
    const state = () =>
      db().selectFrom('syncClient').selectAll().where('clientId', '=', clientId).executeTakeFirst();
    const before = await state();

    // The customer replays the staff device's entry (as its own and as the staff's)…
    for (const replay of [{ ...first, userId: customer.id }, first]) {
      const res = await push(customer, clientId, [replay]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'client_of_another_user',
        message: 'errors:syncClientForeign',
      });
      expect(res.body).not.toContain(internalId);
    }
    // …and tries to burn the device's next seq.
    const burn = await push(customer, clientId, [machineCreate(customer, 2)]);
    expect(burn.statusCode).toBe(403);
    expect(await state()).toEqual(before);
    const stored = await db()
      .selectFrom('syncMutation')
      .select('mutationId')
      .where('clientId', '=', clientId)
      .execute();
    expect(stored).toHaveLength(1);

    // The owner's next real entry still applies.
    const next = await push(staff, clientId, [machineCreate(staff, 2)]);
    expect(next.statusCode).toBe(200);
    expect(next.json<PushResponse>()).toMatchObject({
      results: [{ status: 'applied', seq: 2 }],
      lastProcessedSeq: 2,
    });
  });
});
