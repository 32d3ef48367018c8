/**
 * The entity registry: binds every domain entity (src/domain/entities.ts) to its docs/api.md path,
 * its table, its stored fields (derived from the zod row schema) and its relations. The
 * generic CMS endpoints, the query builder and the migrations' checks all read this one map.
 */
import { ENTITY_NAMES, ENTITY_SCHEMAS, type EntityName } from '@domain/entities';
import type { EntityScope } from '@domain/schemas/base';
import type { TableEntity } from '../db/entity-tables';
import { ENTITY_PATHS } from '@domain/entity-paths';
import { fieldsOf, type FieldDef } from './fields';

export interface BelongsTo {
  kind: 'belongsTo';
  name: string;
  entity: EntityName;
  /** The column on this row holding the other row's id. */
  foreignKey: string;
}
export interface HasMany {
  kind: 'hasMany';
  name: string;
  entity: EntityName;
  /** The column on the other rows holding this row's id. */
  foreignKey: string;
}
export type Relation = BelongsTo | HasMany;

/** One entity's definition; `EntityDef<'pipe'>` reads and writes typed pipe rows (rows.ts). */
export interface EntityDef<E extends EntityName = EntityName> {
  name: E;
  /** docs/api.md path segment(s) under /api/cms, e.g. 'machinepart/hosepipe'. */
  path: string;
  /**
   * Table name in code (camelCase; snake_case in the database): the entity's name. The
   * profile has none of its own (its rows are the users table's, behind /profile).
   */
  table: TableEntity;
  scope: EntityScope;
  fields: Record<string, FieldDef>;
  relations: Record<string, Relation>;
  /** The field that points to the owning row, if any. */
  parentField: string | null;
  defaultOrder: { field: string; order: 'asc' | 'desc' }[];
}

export { ENTITY_PATHS };

/**
 * Maps that callers index with names from a request are null-prototype objects, so a key such
 * as 'constructor', 'toString' or '__proto__' finds nothing instead of Object.prototype's
 * members (those lookups were TypeError 500s).
 */
function lookupMap<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

/** Foreign-key fields and the entity they point to (relation name = field without `Id`). */
export const REFERENCE_FIELDS: Record<string, EntityName> = lookupMap({
  companyId: 'company',
  locationId: 'location',
  contactId: 'contact',
  manufacturerId: 'manufacturer',
  machineId: 'machine',
  aggregateId: 'aggregate',
  pipeId: 'pipe',
  auditId: 'dguvAudit',
  signatureId: 'signature',
  productId: 'product',
  orderId: 'order',
  deliveryAddressId: 'location',
  invoiceAddressId: 'location',
});

const DEFAULT_ORDER: Partial<Record<EntityName, EntityDef['defaultOrder']>> = {
  pipe: [{ field: 'position', order: 'asc' }], // docs/api.md: hoses by position ascending
  dguvAudit: [{ field: 'startDate', order: 'desc' }],
  company: [{ field: 'name', order: 'asc' }],
  manufacturer: [{ field: 'name', order: 'asc' }],
};

function build(): Record<EntityName, EntityDef> {
  const defs = lookupMap({}) as Record<EntityName, EntityDef>;
  for (const name of ENTITY_NAMES) {
    const d = ENTITY_SCHEMAS[name];
    const fields = fieldsOf(d.row);
    const relations = lookupMap<Relation>({});
    for (const field of Object.keys(fields)) {
      const target = REFERENCE_FIELDS[field];
      if (!target || (name === 'company' && field === 'companyId')) continue;
      const relName = field.slice(0, -2);
      relations[relName] = { kind: 'belongsTo', name: relName, entity: target, foreignKey: field };
    }
    defs[name] = {
      name,
      path: ENTITY_PATHS[name],
      // The profile's 'profile' is never queried: CMS_ENTITIES leaves it out.
      table: name as TableEntity,
      scope: d.scope,
      fields,
      relations,
      parentField: d.parent?.field ?? null,
      defaultOrder: DEFAULT_ORDER[name] ?? [{ field: 'createdAt', order: 'asc' }],
    };
  }
  // Children reachable from their parent, named by the child entity in the plural (pipes…).
  for (const name of ENTITY_NAMES) {
    const parent = ENTITY_SCHEMAS[name].parent;
    if (!parent) continue;
    const relName = `${name}s`;
    defs[parent.entity].relations[relName] = {
      kind: 'hasMany',
      name: relName,
      entity: name,
      foreignKey: parent.field,
    };
  }
  return defs;
}

/** Every entity's definition, each typed by its entity (`REGISTRY.pipe` is an `EntityDef<'pipe'>`). */
export const REGISTRY = build() as { [E in EntityName]: EntityDef<E> };

/** A field of the entity by a name from a request (own keys only). */
export function fieldOf(def: EntityDef, name: string): FieldDef | undefined {
  return Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
}

/** A relation of the entity by a name from a request (own keys only). */
export function relationOf(def: EntityDef, name: string): Relation | undefined {
  return Object.hasOwn(def.relations, name) ? def.relations[name] : undefined;
}

/**
 * Entities behind the generic CMS endpoints. `profile` is the user account: it lives in the
 * users table beside the password hash and has its own /profile routes (docs/api.md).
 */
export const CMS_ENTITIES = ENTITY_NAMES.filter(
  (n): n is Exclude<EntityName, 'profile'> => n !== 'profile',
);
export type CmsEntityName = (typeof CMS_ENTITIES)[number];

/** Longest-path match of a URL rest like 'machinepart/hosepipe/read/…'. */
/**
 * A path segment a route can name: ids are UUIDs, verbs are words. A control character (a NUL
 * is refused by PostgreSQL with a 500) or an absurd length is no route: 404 (docs/api.md).
 */
const MAX_SEGMENT = 128;
const isRouteSegment = (s: string) =>
  s.length <= MAX_SEGMENT && ![...s].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f');

export function entityByPath(
  rest: string,
): { def: EntityDef<CmsEntityName>; tail: string[] } | null {
  const segments = rest.split('/').filter(Boolean);
  if (!segments.every(isRouteSegment)) return null;
  for (let n = Math.min(2, segments.length); n >= 1; n--) {
    const path = segments.slice(0, n).join('/');
    const def = CMS_ENTITIES.map((n) => REGISTRY[n]).find((d) => d.path === path);
    if (def) return { def, tail: segments.slice(n) };
  }
  return null;
}
