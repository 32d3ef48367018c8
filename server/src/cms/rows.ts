/**
 * Reading and writing entity rows generically: domain values ↔ column values through the
 * registry's field definitions, scope filtering, soft deletes.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { EntityName } from '@domain/entities';
import type { DbKind } from '../db/database';
import { runCompiled } from '../db/compiled-once';
import type { EntityRow, StoredColumns } from '../db/entity-tables';
import type { EntityStoreDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { fromDb, toDb, type FieldDef } from './fields';
import type { EntityDef } from './registry';
import { readFilter, scopeCompany } from './access';

/**
 * Field name → value, with nothing known of the entity: a client's body before its schema has
 * validated it, and the generic column mapping below as it walks a row field by field. Code
 * outside this module types a row by its entity: `RowOf<E>`.
 */
export type UntypedRow = { [field: string]: unknown };

/**
 * The row `EntityDef<E>` reads and writes — the one definition the server's code types rows
 * by: one entity's typed row (`RowOf<'dguvAudit'>` has `state: AuditState`), or, when the
 * definition may be any of several entities (chosen at run time), the union of their typed
 * rows, whose fields other than the common ones are read by name with `fieldValue`.
 */
export type RowOf<E extends EntityName> = EntityRow<E>;

/** The entity store's handle or one of its transactions (schema.ts `EntityStoreDb`). */
export type StoreKysely = Kysely<EntityStoreDb> | Transaction<EntityStoreDb>;

const fieldLists = new WeakMap<EntityDef, FieldDef[]>();

function fieldsOf(def: EntityDef): FieldDef[] {
  let fields = fieldLists.get(def);
  if (!fields) {
    fields = Object.values(def.fields);
    fieldLists.set(def, fields);
  }
  return fields;
}

/** A stored row as its entity's domain row (booleans, JSON and numbers back to their types). */
export function rowFromDb<E extends EntityName>(def: EntityDef<E>, raw: StoredColumns): RowOf<E>;
export function rowFromDb(def: EntityDef, raw: StoredColumns): UntypedRow {
  const out: UntypedRow = {};
  for (const f of fieldsOf(def)) out[f.name] = fromDb(f, raw[f.name]);
  return out;
}

/**
 * `rowFromDb` for code generic in its entity `E` (the CMS service, the rules): the row as
 * `EntityRow<E>`, which such code reads by field, where `RowOf<E>` stays unresolved.
 */
export const entityRowFromDb = rowFromDb as <E extends EntityName>(
  def: EntityDef<E>,
  raw: StoredColumns,
) => EntityRow<E>;

/** A field of a row by a name the registry gives at run time (a reference, a parent field). */
export function fieldValue(row: object, field: string): unknown {
  return Object.hasOwn(row, field) ? (row as UntypedRow)[field] : undefined;
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

/** The columns of a row's (or a change's) fields, by the registry's field definitions. */
export function valuesToDb(def: EntityDef, values: Readonly<UntypedRow>): StoredColumns {
  const out: StoredColumns = {};
  for (const [k, v] of Object.entries(values)) {
    const f = def.fields[k];
    if (f) out[k] = toDb(f, v);
  }
  return out;
}

/** A live row this user may see, or undefined (unknown, deleted or another customer's). */
export async function findVisible<E extends EntityName>(
  db: StoreKysely,
  user: AuthUser,
  def: EntityDef<E>,
  id: string,
): Promise<RowOf<E> | undefined> {
  const raw = await findVisibleColumns(db, user, def, id);
  return raw ? rowFromDb(def, raw) : undefined;
}

/** `findVisible` for code generic in its entity `E`: the row as `EntityRow<E>`. */
export async function findVisibleRow<E extends EntityName>(
  db: StoreKysely,
  user: AuthUser,
  def: EntityDef<E>,
  id: string,
): Promise<EntityRow<E> | undefined> {
  const raw = await findVisibleColumns(db, user, def, id);
  return raw ? entityRowFromDb(def, raw) : undefined;
}

async function findVisibleColumns(
  db: StoreKysely,
  user: AuthUser,
  def: EntityDef,
  id: string,
): Promise<StoredColumns | undefined> {
  const company = scopeCompany(user, def);
  const filter = readFilter(user, def);
  if (filter === 'none') return undefined;
  const args = [id, ...(company ? [company] : []), ...(filter ? [filter.value] : [])];
  const [raw] = await runCompiled(
    db,
    `visible:${def.table}:${company ? 'company' : 'any'}:${filter ? filter.field : 'all'}`,
    (...values) => {
      const [idArg, ...rest] = values;
      let q = db
        .selectFrom(def.table)
        .selectAll()
        .where('id', '=', idArg!)
        .where('deletedAt', 'is', null);
      if (company) q = q.where('companyId', '=', rest.shift()!);
      if (filter) q = q.where(filter.field, '=', rest.shift()!);
      return q;
    },
    args,
  );
  return raw;
}
