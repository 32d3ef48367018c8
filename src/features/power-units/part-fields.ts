/**
 * The form fields of a part kind, read from its domain create schema (docs/architecture.md: one schema
 * for form and server): every field of the shape except the relations the screen fills in,
 * in schema order, with the input its zod type calls for. A measured number gets the unit of
 * part-kinds.ts; an enum the docs/api.md enumeration whose values it has.
 */
import { z } from 'zod';
import type { EnumName } from '@components/forms';
import { ENTITY_SCHEMAS } from '@domain/entities';
import {
  AGGREGATETYPE,
  CONSUMERTYPE,
  CONTROLUNITTYPE,
  FILTERTYPE,
  MEMORYTYPE,
  PUMPUNITTYPE,
} from '@domain/schemas/enums';
import type { PartEntityName } from '@domain/schemas/parts';
import { PART_KIND_UI, type UnitKey } from './part-kinds';

export type InputKind =
  'text' | 'comment' | 'measure' | 'integer' | 'year' | 'date' | 'enum' | 'manufacturer';

export interface PartField {
  name: string;
  input: InputKind;
  unit?: UnitKey;
  enumName?: EnumName;
  values?: readonly string[];
  /** Bounds of integer fields (years), for the number input's hints. */
  min?: number;
  max?: number;
  /** The schema refuses an empty value. */
  required?: boolean;
}

/** Fields the screen sets itself: never inputs. */
const HIDDEN = new Set(['id', 'companyId', 'aggregateId', 'machineId', 'photo']);

const ENUMS: ReadonlyArray<readonly [EnumName, readonly string[]]> = [
  ['AGGREGATETYPE', AGGREGATETYPE],
  ['CONSUMERTYPE', CONSUMERTYPE],
  ['CONTROLUNITTYPE', CONTROLUNITTYPE],
  ['FILTERTYPE', FILTERTYPE],
  ['MEMORYTYPE', MEMORYTYPE],
  ['PUMPUNITTYPE', PUMPUNITTYPE],
];

function enumNameOf(values: readonly string[]): EnumName | undefined {
  const key = [...values].sort().join();
  return ENUMS.find(([, v]) => [...v].sort().join() === key)?.[0];
}

/** The schema type inside `.nullable().default(null)` / `.optional()`. */
function unwrap(type: z.ZodType): z.ZodType {
  let t = type;
  while (t instanceof z.ZodDefault || t instanceof z.ZodNullable || t instanceof z.ZodOptional) {
    t = t.unwrap() as z.ZodType;
  }
  return t;
}

/** One field's input, derived from its zod type (exported for the table's own test). */
export function describeField(name: string, type: z.ZodType, unit?: UnitKey): PartField {
  const field = describeInput(name, unwrap(type), unit);
  return type.safeParse(undefined).success ? field : { ...field, required: true };
}

function describeInput(name: string, t: z.ZodType, unit?: UnitKey): PartField {
  if (name === 'manufacturerId') return { name, input: 'manufacturer' };
  if (name === 'comment') return { name, input: 'comment' };
  if (t instanceof z.ZodEnum) {
    const values = t.options.map(String);
    const enumName = enumNameOf(values);
    return enumName ? { name, input: 'enum', enumName, values } : { name, input: 'text' };
  }
  if (t instanceof z.ZodNumber) {
    if (!t.isInt) return { name, input: 'measure', ...(unit ? { unit } : {}) };
    const min = t.minValue ?? undefined;
    const max = t.maxValue !== null && Number.isFinite(t.maxValue) ? t.maxValue : undefined;
    const input: InputKind = min !== undefined && min >= 1000 ? 'year' : 'integer';
    return { name, input, ...(min !== undefined ? { min } : {}), ...(max ? { max } : {}) };
  }
  if (t instanceof z.ZodISODate) return { name, input: 'date' };
  return { name, input: 'text' };
}

/** Every input of a schema shape, in shape order. */
export function fieldsOfShape(
  shape: Record<string, z.ZodType>,
  units: Readonly<Record<string, UnitKey>> = {},
): PartField[] {
  return Object.entries(shape)
    .filter(([name]) => !HIDDEN.has(name))
    .map(([name, type]) => describeField(name, type, units[name]));
}

const cache = new Map<PartEntityName, PartField[]>();

/** The inputs of a part kind (cached: schemas never change at run time). */
export function partFields(kind: PartEntityName): PartField[] {
  let fields = cache.get(kind);
  if (!fields) {
    const shape = ENTITY_SCHEMAS[kind].create.shape as Record<string, z.ZodType>;
    fields = fieldsOfShape(shape, PART_KIND_UI[kind].units);
    cache.set(kind, fields);
  }
  return fields;
}

/** Empty form values: '' for every input (toSchemaInput turns '' into null). */
export function emptyValues(fields: readonly PartField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, '']));
}

/** Form values of a stored row: its field values, null shown as ''. */
export function rowValues(
  fields: readonly PartField[],
  row: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, row[f.name] ?? '']));
}

/** The inputs of a power unit (docs/api.md Aggregate), from its create schema like the parts'. */
export const AGGREGATE_FIELDS: readonly PartField[] = fieldsOfShape(
  ENTITY_SCHEMAS.aggregate.create.shape as Record<string, z.ZodType>,
);
