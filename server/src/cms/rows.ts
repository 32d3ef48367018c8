/**
 * Reading and writing entity rows generically: domain values ↔ column values through the
 * registry's field definitions, scope filtering, soft deletes.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DbKind } from '../db/database';
import { runCompiled } from '../db/compiled-once';
import type { CmsDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { fromDb, toDb, type FieldDef } from './fields';
import type { EntityDef } from './registry';
import { scopeCompany } from './access';

export type Row = Record<string, unknown>;
export type CmsKysely = Kysely<CmsDb> | Transaction<CmsDb>;

const fieldLists = new WeakMap<EntityDef, FieldDef[]>();

function fieldsOf(def: EntityDef): FieldDef[] {
  let fields = fieldLists.get(def);
  if (!fields) {
    fields = Object.values(def.fields);
    fieldLists.set(def, fields);
  }
  return fields;
}

export function rowFromDb(def: EntityDef, raw: Row): Row {
  const out: Row = {};
  for (const f of fieldsOf(def)) out[f.name] = fromDb(f, raw[f.name]);
  return out;
}

/**
 * SQL that builds a row's API JSON in the database — the JSON text of `rowFromDb(def, raw)`:
 * the same keys in the same order, booleans (stored 0/1) as true/false, JSON fields as
 * JSON, numbers as numbers. For reading many rows without making objects of them (the pull
 * feed); tested against rowFromDb for every entity on both dialects.
 */
export function rowJsonSql(def: EntityDef, kind: DbKind): RawBuilder<string> {
  const sqlite = kind === 'sqlite';
  const pairs = fieldsOf(def).map((f) => {
    const col = sql.ref(f.name);
    let value: RawBuilder<unknown> = sql`${col}`;
    if (f.kind === 'boolean') {
      value = sqlite
        ? sql`case when ${col} is null then null when ${col} = 1 then json('true') else json('false') end`
        : sql`case when ${col} is null then null else ${col} = 1 end`;
    } else if (f.kind === 'json') {
      value = sqlite ? sql`json(${col})` : sql`${col}::json`;
    }
    return sql`${sql.lit(f.name)}, ${value}`;
  });
  return sqlite
    ? sql<string>`json_object(${sql.join(pairs)})`
    : sql<string>`json_build_object(${sql.join(pairs)})::text`;
}

/**
 * SQL that builds a row's whole pull-feed change (sync-contract.ts `Change`) as JSON text:
 * `{"entity":…,"id":…,"version":…,"row":{…}}`, or `…,"deleted":true}` for a tombstone — the
 * row's JSON as `rowJsonSql` makes it. The feed joins these texts without looking into them.
 */
export function changeJsonSql(def: EntityDef, kind: DbKind): RawBuilder<string> {
  const head = `{"entity":${JSON.stringify(def.name)},"id":`;
  const id =
    kind === 'sqlite' ? sql`json_quote(${sql.ref('id')})` : sql`to_json(${sql.ref('id')})::text`;
  return sql<string>`${head} || ${id} || ',"version":' || cast(${sql.ref('version')} as text) ||
    case when ${sql.ref('deletedAt')} is not null then ',"deleted":true}'
      else ',"row":' || ${rowJsonSql(def, kind)} || '}' end`;
}

export function valuesToDb(def: EntityDef, values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) {
    const f = def.fields[k];
    if (f) out[k] = toDb(f, v);
  }
  return out;
}

/** A live row this user may see, or undefined (unknown, deleted or another customer's). */
export async function findVisible(
  db: CmsKysely,
  user: AuthUser,
  def: EntityDef,
  id: string,
): Promise<Row | undefined> {
  const company = scopeCompany(user, def);
  const [raw] = await runCompiled(
    db,
    `visible:${def.table}:${company ? 'company' : 'any'}`,
    (idArg, companyArg) => {
      const q = db
        .selectFrom(def.table)
        .selectAll()
        .where('id', '=', idArg!)
        .where('deletedAt', 'is', null);
      return companyArg ? q.where('companyId', '=', companyArg) : q;
    },
    company ? [id, company] : [id],
  );
  return raw ? rowFromDb(def, raw as Record<string, unknown>) : undefined;
}
