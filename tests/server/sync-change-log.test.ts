/**
 * The change log: one writer stamps every entity write with a change-log
 * row; the pull feed is one range scan over it; a row a client pushed is not sent back to that
 * client (its push answer carried it), but side effects of the push (a cascade) are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import type { Mutation } from '@domain/sync-contract';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

describe.each(testDatabases())('change log and pull on $name', ({ env }) => {
  let s: TestServer;
  let staff: Actor;
  const company = uuidv7();
  const manufacturer = uuidv7();
  const clientA = uuidv7();
  const clientB = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    const api = cms(s, staff);
    await api.create('company', { id: company, name: 'Log GmbH' });
    await api.create('manufacturer', { id: manufacturer, name: 'Log-Hersteller' });
  });
  afterAll(() => s.close());

  const push = (clientId: string, mutations: Mutation[]) =>
    s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { clientId, mutations },
    });
  const pull = async (cursor: string, client?: string) =>
    (
      await s.app.inject({
        url: `/api/sync/pull?cursor=${cursor}${client ? `&client=${client}` : ''}`,
        headers: { authorization: `Bearer ${staff.token}` },
      })
    ).json() as { changes: { entity: string; id: string; deleted?: true }[]; nextCursor: string };
  const mutation = (seq: number, path: string, body: unknown, recordId: string): Mutation => ({
    seq,
    mutationId: uuidv7(),
    userId: staff.id,
    name: 'cms.write',
    method: path.includes('/delete/') ? 'DELETE' : 'POST',
    path,
    body,
    recordId,
    baseVersion: null,
    changedFields: null,
    dependsOn: [],
    schemaVersion: 1,
  });

  it('every entity row has exactly one change-log row, at its change seq', async () => {
    const db = s.db.store;
    const log = await db.selectFrom('changeLog').selectAll().execute();
    const companyRow = await db
      .selectFrom('company')
      .select(['changeSeq'])
      .where('id', '=', company)
      .executeTakeFirstOrThrow();
    const entry = log.find((l) => l.rowId === company);
    expect(entry).toMatchObject({ entity: 'company', scope: company, origin: null });
    expect(Number(entry!.seq)).toBe(Number(companyRow.changeSeq));
    expect(log.find((l) => l.rowId === manufacturer)).toMatchObject({ scope: null });
  });

  it('leaves out what a client pushed, for that client only, and never on a first load', async () => {
    const start = (await pull('')).nextCursor;
    const machine = uuidv7();
    const pipe = uuidv7();
    const res = await push(clientA, [
      mutation(
        1,
        '/cms/machine/create',
        {
          data: {
            id: machine,
            companyId: company,
            manufacturerId: manufacturer,
            internalId: 'L-1',
          },
        },
        machine,
      ),
      mutation(
        2,
        '/cms/machinepart/hosepipe/create',
        {
          data: { id: pipe, companyId: company, machineId: machine, position: 1, code: 'HM-LOG1' },
        },
        pipe,
      ),
    ]);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().results.map((r: { status: string }) => r.status),
      res.body,
    ).toEqual(['applied', 'applied']);
    const own = await pull(start, clientA);
    expect(own.changes).toEqual([]);
    // …but the cursor moves past them, so they are not looked at again.
    expect(Number(own.nextCursor)).toBeGreaterThan(Number(start));
    const other = await pull(start, clientB);
    expect(other.changes.map((c) => c.id)).toEqual([machine, pipe]);
    const first = await pull('', clientA);
    expect(first.changes.map((c) => c.id)).toEqual(expect.arrayContaining([machine, pipe]));

    // Deleting the machine through A's push: A has the machine's delete, not the cascade.
    const cursor = own.nextCursor;
    const del = await push(clientA, [mutation(3, `/cms/machine/delete/${machine}`, {}, machine)]);
    expect(del.json().results[0].status).toBe('applied');
    const after = await pull(cursor, clientA);
    expect(after.changes).toEqual([{ entity: 'pipe', id: pipe, version: 2, deleted: true }]);
  });

  it('a row changed by someone else after my push comes back to me', async () => {
    const start = (await pull('')).nextCursor;
    const machine = uuidv7();
    await push(clientB, [
      mutation(
        1,
        '/cms/machine/create',
        {
          data: {
            id: machine,
            companyId: company,
            manufacturerId: manufacturer,
            internalId: 'L-2',
          },
        },
        machine,
      ),
    ]);
    await cms(s, staff).patch('machine', machine, { comment: 'office' });
    const mine = await pull(start, clientB);
    expect(mine.changes.map((c) => c.id)).toEqual([machine]);
  });

  it('refuses a client id that is not one', async () => {
    const res = await s.app.inject({
      url: '/api/sync/pull?client=not-a-uuid',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.statusCode).toBe(400);
  });
});
