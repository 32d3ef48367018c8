/**
 * Kysely table types of the CMS entity tables, derived at the type level from the entity
 * registry's zod row schemas (src/domain/entities.ts), so a field added to a schema is a
 * typed column without a second list. The mapping is what the registry's
 * fields store (server/src/cms/fields.ts toDb): booleans as 0/1, JSON (objects, arrays) as
 * text, every other value as it is; an optional field is a nullable column. Each table also
 * holds the sync columns `changeSeq` and `fieldVersions` (entity-store.ts). schema.ts's
 * `Database` holds these tables beside the others.
 */
import type { Generated, Selectable } from 'kysely';
import type { z } from 'zod';
import type { ENTITY_SCHEMAS, EntityName } from '@domain/entities';

/** A stored value: what fields.ts `toDb` writes for a domain value of type T. */
type Stored<T> = T extends boolean ? number : T extends string | number ? T : string;

/** A column: nullable when the domain value may be null or absent. */
type Column<T> = [Extract<T, null | undefined>] extends [never]
  ? Stored<T>
  : Stored<Exclude<T, null | undefined>> | null;

/**
 * One entity's row as the domain and the API see it: its registry row schema's output. Code
 * generic over the entity (`EntityDef<E>`) uses cms/rows.ts `RowOf<E>`, built on this.
 */
export type EntityRow<N extends EntityName> = z.output<(typeof ENTITY_SCHEMAS)[N]['row']>;

/** The stored columns of one entity's table. */
export type EntityTable<N extends EntityName> = {
  -readonly [K in keyof EntityRow<N>]-?: Column<EntityRow<N>[K]>;
} & {
  /**
   * The change number of the row's last write (sync/change-seq.ts); 0 by default. A bigint:
   * PostgreSQL hands it over as text, so readers take Number() of it.
   */
  changeSeq: Generated<number>;
  /** JSON: field → the version it last changed at; '{}' by default. */
  fieldVersions: Generated<string>;
};

/** `profile` is the user account in the users table (registry.ts CMS_ENTITIES). */
export type TableEntity = Exclude<EntityName, 'profile'>;

/** Every CMS entity table by its name in code (the registry's `table` is the entity name). */
export type EntityTables = { [N in TableEntity]: EntityTable<N> };

/** One entity's row as its table stores it (booleans 0/1, JSON as text). */
export type StoredRow<N extends TableEntity> = Selectable<EntityTable<N>>;

/** A column value as fields.ts `toDb` stores it: text, a number, or null. */
export type StoredValue = string | number | null;

/**
 * An entity table as the generic entity store reaches it: by the registry's table name
 * (`EntityDef.table`) and field names (`FieldDef.name`), each column a stored value. Code
 * that knows its entity uses `EntityTables` (each column its own type).
 */
export type StoredColumns = { [column: string]: StoredValue };

/** Every entity table by its registry name, columns by field name (see `StoredColumns`). */
export type EntityStoreTables = { [N in TableEntity]: StoredColumns };
