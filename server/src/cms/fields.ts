/**
 * Derives an entity's stored fields from its domain zod schema, so the one schema in
 * src/domain decides what the API accepts, stores, filters and returns.
 */
import type { z } from 'zod';
import type { StoredValue } from '../db/entity-tables';

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  nullable: boolean;
  /** Scalars can be filtered and sorted; JSON (objects, arrays) only returned. */
  filterable: boolean;
}

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      innerType?: ZodInternals;
      checks?: ZodInternals[];
      check?: string;
      format?: string;
      in?: ZodInternals;
    };
  };
}

function unwrap(t: ZodInternals): { inner: ZodInternals; nullable: boolean } {
  let nullable = false;
  let cur = t;
  for (;;) {
    const d = cur._zod.def;
    if (d.type === 'nullable' || d.type === 'optional') nullable = true;
    if (d.innerType) cur = d.innerType;
    else if (d.type === 'pipe' && d.in) cur = d.in;
    else return { inner: cur, nullable };
  }
}

function kindOf(t: ZodInternals): FieldKind {
  const d = t._zod.def;
  switch (d.type) {
    case 'string':
      return 'string';
    case 'enum':
    case 'literal':
      return 'enum';
    case 'boolean':
      return 'boolean';
    case 'number': {
      const isInt = (d.checks ?? []).some((c) => {
        const cd = c._zod.def;
        return (
          cd.check === 'number_format' && ['safeint', 'int32', 'uint32'].includes(cd.format ?? '')
        );
      });
      return isInt ? 'integer' : 'number';
    }
    default:
      return 'json';
  }
}

/** Null-prototype map: a query key such as 'constructor' or '__proto__' finds nothing. */
export function fieldsOf(schema: z.ZodObject): Record<string, FieldDef> {
  const out = Object.create(null) as Record<string, FieldDef>;
  for (const [name, type] of Object.entries(schema.shape)) {
    const { inner, nullable } = unwrap(type);
    const kind = kindOf(inner);
    out[name] = { name, kind, nullable, filterable: kind !== 'json' };
  }
  return out;
}

/** Domain value → database value (booleans as 0/1 and JSON as text on every dialect). */
export function toDb(field: FieldDef, value: unknown): StoredValue {
  if (value === undefined || value === null) return null;
  if (field.kind === 'boolean') return value ? 1 : 0;
  if (field.kind === 'json' || (typeof value !== 'string' && typeof value !== 'number'))
    return JSON.stringify(value);
  return value;
}

/** Database value → domain value. */
export function fromDb(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.kind === 'boolean') return value === 1 || value === true || value === '1';
  if (field.kind === 'json')
    return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (field.kind === 'integer' || field.kind === 'number') return Number(value);
  return value;
}
