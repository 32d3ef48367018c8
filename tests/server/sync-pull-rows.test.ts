/**
 * The pull feed builds each row's JSON in the database (rows.ts rowJsonSql) instead of making
 * an object of it: for every entity, on SQLite and PostgreSQL, that JSON is the row the CMS
 * API returns (rowFromDb), edge values included — booleans true/false/null, JSON fields,
 * floats that need 17 digits, quotes, backslashes and non-ASCII text.
 */
import type { StoredColumns, StoredValue } from '@server/db/entity-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { REGISTRY } from '@server/cms/registry';
import { fieldValue, rowFromDb, rowJsonSql } from '@server/cms/rows';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { entitySamples } from '../fixtures/entity-samples';

/** Edge values per field kind, written straight into the columns (as toDb stores them). */
const EDGES = {
  boolean: [1, 0, null],
  json: ['{"a":[1,"ü\\"x\\\\"],"b":null,"c":{"d":0.1}}', '[]', null],
  number: [0.30000000000000004, -1e-7, 1234567.125],
  integer: [42, -7, null],
} as const;

describe.each(testDatabases())('pull rows built by the database on $name', ({ env }) => {
  let s: TestServer;
  const samples = entitySamples(uuidv7().slice(-6));
  const ids = new Map<string, string>();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    const api = cms(s, await actor(s, { roles: STAFF_ALL }));
    for (const sample of samples) {
      const res = await api.create(sample.path, sample.data);
      expect(res.statusCode, `${sample.entity}: ${res.body}`).toBe(201);
      ids.set(sample.entity, String(res.json().id));
    }
  });
  afterAll(() => s?.close());

  /** The row's JSON from the database, parsed, beside rowFromDb of the same row. */
  async function both(entity: keyof typeof REGISTRY) {
    const def = REGISTRY[entity];
    const db = s.db.store;
    const id = ids.get(entity)!;
    const raw = await db.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
    const built = await db
      .selectFrom(def.table)
      .select(rowJsonSql(def, s.db.kind).as('row'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      api: rowFromDb(def, raw!),
      text: String((built as { row: unknown }).row),
    };
  }

  it('gives every entity’s row as the API does, keys in the same order', async () => {
    for (const sample of samples) {
      const { api, text } = await both(sample.entity);
      expect(JSON.parse(text), sample.entity).toEqual(api);
      expect(Object.keys(JSON.parse(text) as object), sample.entity).toEqual(Object.keys(api));
    }
  });

  it('keeps edge values of every field kind exactly', async () => {
    let checked = 0;
    for (let round = 0; round < EDGES.boolean.length; round++) {
      for (const sample of samples) {
        const def = REGISTRY[sample.entity];
        const set: StoredColumns = {};
        for (const f of Object.values(def.fields)) {
          const edge = (EDGES as Record<string, readonly unknown[]>)[f.kind];
          const value = edge?.[round];
          if (edge === undefined || f.name === 'version' || f.name.endsWith('Id')) continue;
          if (value === null && !f.nullable) continue;
          set[f.name] = value as StoredValue;
        }
        if (Object.keys(set).length === 0) continue;
        await s.db.store
          .updateTable(def.table)
          .set(set)
          .where('id', '=', ids.get(sample.entity)!)
          .execute();
        const { api, text } = await both(sample.entity);
        expect(JSON.parse(text), `${sample.entity} round ${round}`).toEqual(api);
        checked += Object.keys(set).length;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('keeps quotes, backslashes and non-ASCII text of string fields', async () => {
    const def = REGISTRY.company;
    const name = 'Müller & "Söhne" \\ 東京 😀\n';
    await s.db.store
      .updateTable(def.table)
      .set({ name })
      .where('id', '=', ids.get('company')!)
      .execute();
    const { api, text } = await both('company');
    expect(fieldValue(api, 'name')).toBe(name);
    expect(JSON.parse(text)).toEqual(api);
  });

  it('serves a pull page whose rows are those rows', async () => {
    const staff = await actor(s, { roles: STAFF_ALL });
    const res = await s.app.inject({
      url: '/api/sync/pull?limit=1000',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const page = res.json() as { changes: { entity: string; id: string; row?: unknown }[] };
    for (const sample of samples) {
      const change = page.changes.find((c) => c.id === ids.get(sample.entity));
      expect(change?.row, sample.entity).toEqual((await both(sample.entity)).api);
    }
  });

  it('gives staff (a range scan per entity) and a customer (rows by id) the same changes, tombstones too', async () => {
    const staff = await actor(s, { roles: STAFF_ALL });
    const pipe = ids.get('pipe')!;
    const path = samples.find((x) => x.entity === 'pipe')!.path;
    expect((await cms(s, staff).remove(path, pipe)).statusCode).toBeLessThan(300);
    /** The whole feed in pages of 7 (page bounds inside each entity's rows). */
    const feed = async (who: Actor) => {
      const changes: Record<string, unknown>[] = [];
      let cursor = '';
      for (;;) {
        const res = await s.app.inject({
          url: `/api/sync/pull?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
          headers: { authorization: `Bearer ${who.token}` },
        });
        expect(res.statusCode).toBe(200);
        const page = res.json() as {
          changes: Record<string, unknown>[];
          nextCursor: string;
          hasMore: boolean;
        };
        changes.push(...page.changes);
        cursor = page.nextCursor;
        if (!page.hasMore) return changes;
      }
    };
    const all = await feed(staff);
    const own = await feed(await actor(s, { customer: ids.get('company')! }));
    expect(all.find((c) => c.id === pipe)).toEqual({
      entity: 'pipe',
      id: pipe,
      version: expect.any(Number) as number,
      deleted: true,
    });
    for (const c of all) {
      expect(Object.keys(c)).toEqual(['entity', 'id', 'version', c.deleted ? 'deleted' : 'row']);
      if (c.row) expect((c.row as { version: unknown }).version).toBe(c.version);
    }
    // Every sample row once in the staff feed; the customer's are the very same changes.
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    for (const id of ids.values()) expect(all.some((c) => c.id === id)).toBe(true);
    const byId = new Map(all.map((c) => [c.id, c]));
    expect(own.length).toBeGreaterThan(samples.length / 2);
    for (const c of own) expect(c).toEqual(byId.get(c.id));
  });
});
