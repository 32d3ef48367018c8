/**
 * Reading and writing entity rows generically: domain values ↔ column values through the
 * registry's field definitions, scope filtering, soft deletes.
 */
import type { Kysely, Transaction } from 'kysely';
import { runCompiled } from '../db/compiled-once';
import type { CmsDb } from '../db/schema';
import type { AuthUser } from '../plugins/auth';
import { fromDb, toDb, type FieldDef } from './fields';
import type { EntityDef } from './registry';
import { scopeCompany } from './access';

export type Row = Record<string, unknown>;
export type CmsKysely = Kysely<CmsDb> | Transaction<CmsDb>;

const fieldLists = new WeakMap<EntityDef, FieldDef[]>();

export function rowFromDb(def: EntityDef, raw: Row): Row {
  let fields = fieldLists.get(def);
  if (!fields) {
    fields = Object.values(def.fields);
    fieldLists.set(def, fields);
  }
  const out: Row = {};
  for (const f of fields) out[f.name] = fromDb(f, raw[f.name]);
  return out;
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
