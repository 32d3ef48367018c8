/**
 * Turns a docs/api.md query (`filter [{key, param, value}]`, groups, order) into Kysely conditions.
 * Keys are looked up in the registry — a field of the entity or a path over its relations
 * (`machine.company.id`) — and never spliced into SQL; values are always bound parameters.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { normaliseOperator, QUERY_LIMITS, type Filter, type QueryGroup } from '@domain/contract';
import type { StoredValue, TableEntity } from '../db/entity-tables';
import type { EntityStoreDb } from '../db/schema';
import { HttpError } from '../plugins/errors';
import { toDb, type FieldDef } from './fields';
import { fieldOf, REGISTRY, relationOf, type EntityDef } from './registry';

type Eb = ExpressionBuilder<EntityStoreDb, TableEntity>;

/** A column named with its table (`pipe.code`): the registry's names, never a request's text. */
export type ColumnRef = `${TableEntity}.${string}`;
const column = (table: TableEntity, name: string): ColumnRef => `${table}.${name}`;

/** Every refusal names a message key the client translates, and the key at fault. */
function badKey(key: string): never {
  throw new HttpError(400, 'invalid_filter', 'validation:queryKey', key);
}
const badValue = (key: string) =>
  new HttpError(400, 'invalid_filter', 'validation:queryValue', key);

/** PostgreSQL stores whole numbers as `integer` (32 bit); anything past it cannot match. */
const INT32_MAX = 2_147_483_647;

function coerce(field: FieldDef, value: unknown, key: string): StoredValue {
  if (value === null || value === undefined) return null;
  if (field.kind === 'integer' || field.kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) throw badValue(key);
    if (field.kind === 'integer' && (!Number.isInteger(n) || Math.abs(n) > INT32_MAX))
      throw badValue(key);
    return n;
  }
  if (field.kind === 'boolean') {
    const b = value === true || value === 'true' || value === 1 || value === '1';
    return toDb(field, b);
  }
  return String(value);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function condition(eb: Eb, col: ColumnRef, field: FieldDef, f: Filter): Expression<SqlBool> {
  const op = normaliseOperator(f.param);
  if (!op) throw new HttpError(400, 'invalid_filter', 'validation:queryOperator', f.key);
  const ref = eb.ref(col);
  const list = () => {
    const values = Array.isArray(f.value) ? f.value : [f.value];
    return values.map((v) => coerce(field, v, f.key));
  };
  const one = () => {
    if (Array.isArray(f.value)) throw badValue(f.key);
    return coerce(field, f.value, f.key);
  };
  switch (op) {
    case 'eq': {
      const v = one();
      return v === null ? eb(ref, 'is', null) : eb(ref, '=', v);
    }
    case 'ne': {
      const v = one();
      return v === null ? eb(ref, 'is not', null) : eb.or([eb(ref, '<>', v), eb(ref, 'is', null)]);
    }
    case 'like':
      // Text only: lower() of a number column does not exist on PostgreSQL.
      if (field.kind !== 'string' && field.kind !== 'enum')
        throw new HttpError(400, 'invalid_filter', 'validation:queryOperator', f.key);
      return eb(
        eb.fn('lower', [ref]),
        'like',
        sql<string>`lower(${`%${escapeLike(String(one() ?? ''))}%`}) escape '\\'`,
      );
    case 'in':
    case 'notIn': {
      const values = list().filter((v) => v !== null);
      if (values.length === 0) return sql<SqlBool>`${op === 'in' ? sql`1 = 0` : sql`1 = 1`}`;
      return eb(ref, op === 'in' ? 'in' : 'not in', values);
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const v = one();
      // A comparison with null matches nothing in SQL; say so instead of binding it.
      if (v === null) throw badValue(f.key);
      const sqlOp = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
      return eb(ref, sqlOp[op], v);
    }
    case 'null':
      return eb(ref, 'is', null);
    case 'notNull':
      return eb(ref, 'is not', null);
  }
}

/** A filter on `def` whose key may walk relations: `a.b.field` becomes nested `IN (SELECT …)`. */
function filterExpr(
  eb: Eb,
  def: EntityDef,
  f: Filter,
  depth = 0,
  fullKey = f.key,
): Expression<SqlBool> {
  const [head, ...rest] = f.key.split('.');
  if (!head) badKey(fullKey);
  if (rest.length === 0) {
    const field = fieldOf(def, head);
    if (!field?.filterable) badKey(fullKey);
    return condition(eb, column(def.table, head), field, { ...f, key: fullKey });
  }
  const rel = relationOf(def, head);
  if (!rel) badKey(fullKey);
  if (depth >= QUERY_LIMITS.relationDepthMax)
    throw new HttpError(400, 'invalid_filter', 'validation:queryTooDeep', fullKey);
  const target = REGISTRY[rel.entity];
  const sub = { ...f, key: rest.join('.') };
  if (rel.kind === 'belongsTo') {
    if (rest.length === 1 && rest[0] === 'id') {
      const fk = fieldOf(def, rel.foreignKey);
      if (!fk) badKey(fullKey);
      return condition(eb, column(def.table, rel.foreignKey), fk, { ...f, key: fullKey });
    }
    const ids = eb
      .selectFrom(target.table)
      .select(column(target.table, 'id'))
      .where(column(target.table, 'deletedAt'), 'is', null)
      .where((inner) => filterExpr(inner as Eb, target, sub, depth + 1, fullKey));
    return eb(column(def.table, rel.foreignKey), 'in', ids);
  }
  const owners = eb
    .selectFrom(target.table)
    .select(column(target.table, rel.foreignKey))
    .where(column(target.table, 'deletedAt'), 'is', null)
    .where((inner) => filterExpr(inner as Eb, target, sub, depth + 1, fullKey));
  return eb(column(def.table, 'id'), 'in', owners);
}

export function groupExpr(
  eb: Eb,
  def: EntityDef,
  group: QueryGroup,
  depth = 0,
): Expression<SqlBool> {
  // The contract bounds the depth already; this guard keeps the recursion bounded on its own.
  if (depth >= QUERY_LIMITS.groupDepthMax)
    throw new HttpError(400, 'invalid_filter', 'validation:queryTooDeep');
  const parts = [
    ...(group.filter ?? []).map((f) => filterExpr(eb, def, f)),
    ...(group.group ?? []).map((g) => groupExpr(eb, def, g, depth + 1)),
  ];
  if (parts.length === 0) return sql<SqlBool>`1 = 1`;
  return (group.type ?? 'AND').toUpperCase() === 'OR' ? eb.or(parts) : eb.and(parts);
}

/** Validated sort fields (scalar fields of the entity only). */
export function orderColumns(
  def: EntityDef,
  order: { field: string; order: string }[] | undefined,
): { column: ColumnRef; direction: 'asc' | 'desc' }[] {
  const list = order && order.length > 0 ? order : def.defaultOrder;
  const out = list.map((o) => {
    const field = fieldOf(def, o.field);
    if (!field?.filterable)
      throw new HttpError(400, 'invalid_order', 'validation:queryKey', o.field);
    return {
      column: column(def.table, o.field),
      direction: o.order.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const),
    };
  });
  // A stable tie-breaker, so paging never shows a row twice or skips one.
  out.push({ column: column(def.table, 'id'), direction: 'asc' });
  return out;
}
