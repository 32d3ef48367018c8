/**
 * A power-unit part with none of its identifying facts is
 * refused with 400 'part_unidentified' on every write path — the CMS create, PATCH and PUT,
 * and the sync push, where only the offending entry is rejected and the rest of the batch
 * applies. The demo data passes the same rule.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { isIdentified, PART_IDENTITY } from '@domain/rules/part-identity';
import { PART_ENTITY_NAMES, type PartEntityName } from '@domain/schemas/parts';
import type { Mutation } from '@domain/sync-contract';
import { ENTITY_PATHS } from '@domain/entity-paths';
import { buildDemoRows } from '@server/modules/demo/demo-data';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

/** One identifying value per kind (the first field of its identity). */
const IDENTITY_VALUE: Record<PartEntityName, Record<string, unknown>> = {
  tank: { volume: 250 },
  valve: { artLabel: 'Wegeventil 4/3' },
  filter: { filterType: 'RETURN' },
  memory: { memoryType: 'BLISTERS' },
  consumer: { consumerArt: 'CYLINDER' },
  controller: { controlUnitType: 'ROW' },
  safetyValve: { typeLabel: 'DBDS 10 K1X/315' },
  motorPumpUnit: { pumpArt: 'AXIALPISTON' },
};

describe.each(testDatabases())('part identity on $name', ({ env }) => {
  let s: TestServer;
  let staff: Actor;
  let api: ReturnType<typeof cms>;
  const company = uuidv7();
  const aggregate = uuidv7();
  const part = (extra: Record<string, unknown> = {}) => ({
    companyId: company,
    aggregateId: aggregate,
    comment: 'Typenschild unleserlich',
    ...extra,
  });

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    staff = await actor(s, { roles: STAFF_ALL });
    api = cms(s, staff);
    const manufacturer = uuidv7();
    const machine = uuidv7();
    await api.create('company', { id: company, name: 'Teile GmbH' });
    await api.create('manufacturer', { id: manufacturer, name: 'Teile-Hersteller' });
    await api.create('machine', {
      id: machine,
      companyId: company,
      manufacturerId: manufacturer,
      internalId: 'T-1',
    });
    const agg = await api.create(ENTITY_PATHS.aggregate, {
      id: aggregate,
      companyId: company,
      machineId: machine,
      type: 'HYDRAULIC',
    });
    expect(agg.statusCode, agg.body).toBe(201);
  });
  afterAll(() => s?.close());

  it.each(PART_ENTITY_NAMES)(
    'refuses a %s without identity and names its first field',
    async (kind) => {
      const res = await api.create(ENTITY_PATHS[kind], part({ installationDate: null }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'part_unidentified',
        message: 'validation:partUnidentified',
        field: PART_IDENTITY[kind][0],
      });
      const blank = await api.create(ENTITY_PATHS[kind], part({ [PART_IDENTITY[kind][0]!]: null }));
      expect(blank.statusCode).toBe(400);
      const ok = await api.create(ENTITY_PATHS[kind], part(IDENTITY_VALUE[kind]));
      expect(ok.statusCode, ok.body).toBe(201);
    },
  );

  it('checks the row an update would leave (PATCH and PUT), not just the changed fields', async () => {
    const path = ENTITY_PATHS.tank;
    const id = uuidv7();
    expect((await api.create(path, part({ id, volume: 250 }))).statusCode).toBe(201);
    // A change beside the identity keeps the stored volume: allowed.
    const comment = await api.patch(path, id, { comment: 'Ölstand geprüft' });
    expect(comment.statusCode, comment.body).toBe(200);
    // Clearing the only identifying fact is not.
    const cleared = await api.patch(path, id, { volume: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toMatchObject({ code: 'part_unidentified', field: 'volume' });
    const blankText = await api.patch(path, id, { volume: null, oilArt: '   ' });
    expect(blankText.statusCode).toBe(400);
    // PUT replaces the row: without any identifying field it is refused too.
    const put = await api.put(path, id, { aggregateId: aggregate, comment: 'nur Kommentar' });
    expect(put.statusCode).toBe(400);
    expect(put.json().code).toBe('part_unidentified');
    // Swapping one identifying fact for another is fine.
    const swap = await api.patch(path, id, { volume: null, oilArt: 'HLP 46' });
    expect(swap.statusCode, swap.body).toBe(200);
    expect((await api.read(path, id)).json()).toMatchObject({ volume: null, oilArt: 'HLP 46' });
  });

  it('rejects only the unidentified entry of a sync push; the rest of the batch applies', async () => {
    const entry = (seq: number, kind: PartEntityName, data: Record<string, unknown>): Mutation => {
      const id = uuidv7();
      return {
        seq,
        mutationId: uuidv7(),
        userId: staff.id,
        name: 'cms.create',
        method: 'POST',
        path: `/cms/${ENTITY_PATHS[kind]}/create`,
        body: { data: { id, ...part(data) } },
        recordId: id,
        baseVersion: null,
        changedFields: null,
        dependsOn: [],
        schemaVersion: 1,
      };
    };
    const batch = [
      entry(1, 'motorPumpUnit', { power: null }),
      entry(2, 'motorPumpUnit', { pumpType: 'A10VSO 45 DFR' }),
    ];
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { clientId: uuidv7(), mutations: batch },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { status: string; error?: unknown }[];
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(results[0]!.error).toMatchObject({
      status: 400,
      code: 'part_unidentified',
      message: 'validation:partUnidentified',
      field: 'pumpArt',
    });
    const path = ENTITY_PATHS.motorPumpUnit;
    expect((await api.read(path, batch[0]!.recordId!)).statusCode).toBe(404);
    expect((await api.read(path, batch[1]!.recordId!)).statusCode).toBe(200);
  });
});

describe('part identity beyond the API', () => {
  it('has the refusal translated in every language', () => {
    for (const lng of ['de', 'en-gb', 'fr']) {
      const texts = JSON.parse(readFileSync(`locales/${lng}/validation.json`, 'utf8')) as Record<
        string,
        string
      >;
      expect(texts.partUnidentified, lng).toMatch(/\S/);
    }
  });

  it('seeds demo parts that are all identified', () => {
    const rows = buildDemoRows(new Date('2026-11-20T08:00:00Z'));
    for (const kind of PART_ENTITY_NAMES) {
      const list = rows.list(kind);
      expect(list.length, kind).toBeGreaterThan(0);
      for (const row of list) {
        expect(isIdentified(kind, row as Record<string, unknown>), `${kind} ${row.id}`).toBe(true);
      }
    }
  });
});
