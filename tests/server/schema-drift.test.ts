/**
 * The registry (derived from the zod row schemas) and the migrated database must agree: every
 * stored field of every CMS entity has its column, and no column is left that no field
 * names — on SQLite and PostgreSQL. A field added to a schema without a migration (or a
 * migration without the field) fails here, not on a customer's server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_ENTITIES, REGISTRY } from '@server/cms/registry';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Columns the sync machinery keeps on every entity row, beside the schema's fields. */
const SYNC_COLUMNS = ['change_seq', 'field_versions'];

describe.each(testDatabases())('schema drift on $name', ({ env }) => {
  let s: TestServer;
  let columns: Map<string, Set<string>>;

  beforeAll(async () => {
    s = await startTestServer(env);
    const tables = await s.db.kysely.introspection.getTables();
    columns = new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  });
  afterAll(() => s?.close());

  it('has a table for every entity and a column for every field, and nothing more', () => {
    const drift: string[] = [];
    for (const name of CMS_ENTITIES) {
      const def = REGISTRY[name];
      const table = columns.get(snake(def.table));
      if (!table) {
        drift.push(`${name}: no table ${snake(def.table)}`);
        continue;
      }
      const expected = new Set(Object.keys(def.fields).map(snake));
      for (const column of expected)
        if (!table.has(column)) drift.push(`${name}.${column}: field without column`);
      for (const column of table)
        if (!expected.has(column) && !SYNC_COLUMNS.includes(column))
          drift.push(`${name}.${column}: column without field`);
    }
    expect(drift).toEqual([]);
  });
});
