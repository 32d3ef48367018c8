import { z } from 'zod';
import { idField, isoDateTimeField } from './fields';

/**
 * docs/sync.md: every stored row carries these fields. `version` is incremented by the server on
 * every change (the sync protocol's baseVersion); `deletedAt` is a tombstone because deletes
 * must sync; `companyId` is the scope key — the customer a row belongs to, null for global
 * rows (manufacturers, products, company settings, user profiles).
 */
export const baseRowSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  createdAt: isoDateTimeField(),
  updatedAt: isoDateTimeField(),
  deletedAt: isoDateTimeField().nullable(),
  companyId: z.uuid().nullable(),
});
export type BaseRow = z.infer<typeof baseRowSchema>;

/** Visibility of an entity's rows: per customer, everyone's, or one row for the installation. */
export type EntityScope = 'company' | 'global' | 'singleton';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
export type PatchShape<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>>;
};

/**
 * Every field optional and no defaults. Zod 4 applies defaults even inside `.partial()`, so a
 * plain `create.partial()` would turn `{ quantity: 3 }` into a patch that also resets every
 * omitted nullable field to null — on a merge-per-field sync that silently erases data.
 */
export function patchShape<S extends z.ZodRawShape>(shape: S): PatchShape<S> {
  const out: Record<string, z.ZodType> = {};
  // Every shape here is built from classic zod (`z.*`), so the cast only narrows the core type.
  for (const [key, field] of Object.entries(shape) as Array<[string, z.ZodType]>) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
    out[key] = inner.optional();
  }
  return out as PatchShape<S>;
}

/** Create input: the client usually sends its own UUIDv7 (docs/sync.md), the server makes one else. */
const clientId = () => idField().optional();

/**
 * A row that belongs to one customer. The scope key is required on create and not part of
 * updates: moving a row between customers would have to reach other users' devices as a
 * delete plus an insert, which the pull feed does not model.
 */
export function companyEntity<S extends z.ZodRawShape>(shape: S) {
  return {
    row: baseRowSchema.extend({ companyId: z.uuid(), ...shape }),
    create: z.object({ id: clientId(), companyId: idField(), ...shape }),
    update: z.object(patchShape(shape)),
  };
}

/**
 * The customer row itself: its scope key is its own id (so scope filtering needs no special
 * case), which the server sets; the client never sends it.
 */
export function selfScopedEntity<S extends z.ZodRawShape>(shape: S) {
  return {
    row: baseRowSchema.extend({ companyId: z.uuid(), ...shape }),
    create: z.object({ id: clientId(), ...shape }),
    update: z.object(patchShape(shape)),
  };
}

/**
 * Global and singleton rows: `companyId` is never accepted from a client and always stored as
 * null. The row keeps the base field's type (nullable uuid) rather than `z.null()`, so that
 * generic storage derives one column type for the scope key of every entity.
 */
export function globalEntity<S extends z.ZodRawShape>(shape: S) {
  return {
    row: baseRowSchema.extend(shape),
    create: z.object({ id: clientId(), ...shape }),
    update: z.object(patchShape(shape)),
  };
}
