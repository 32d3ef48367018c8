/**
 * What the "Read marking" dialog proposes and what it hands on: each field the parser read,
 * shown with its value, and only the ones the user confirmed given to the form or the check
 * (docs/dguv-record.md "Reading the marking"). A confirmation holds for the value it was given
 * to: when an edit of the recognised text changes a field, that field is unconfirmed again.
 */
import type { HoseMarking, MarkingDateSource } from '@domain/rules/hose-marking';

/** The fields a confirmed marking can fill, as the hose stores them. */
export interface MarkingFields {
  /** First day of the month (the assembly's month or the hose's quarter's first month). */
  productionDate?: string;
  productionDateSource?: MarkingDateSource;
  dn?: number;
  /** Maximum operating pressure in bar. */
  maxPn?: number;
  hoseType?: string;
  hoseManufacturer?: string;
}

export const MARKING_FIELD_KEYS = [
  'productionDate',
  'dn',
  'maxPn',
  'hoseType',
  'hoseManufacturer',
] as const;
export type MarkingFieldKey = (typeof MARKING_FIELD_KEYS)[number];

/** The parser's reading as the hose's fields (the type with its standard, e.g. "EN 853 2SN"). */
export function markingFields(marking: HoseMarking): MarkingFields {
  const out: MarkingFields = {};
  if (marking.productionDate) {
    out.productionDate = marking.productionDate;
    if (marking.productionDateSource) out.productionDateSource = marking.productionDateSource;
  }
  if (marking.dn !== undefined) out.dn = marking.dn;
  if (marking.maxPressureBar !== undefined) out.maxPn = marking.maxPressureBar;
  if (marking.hoseType) out.hoseType = marking.hoseType;
  if (marking.manufacturer) out.hoseManufacturer = marking.manufacturer;
  return out;
}

/** A field's value as one comparable string ('' when the field was not read). */
export function fieldValue(fields: MarkingFields, key: MarkingFieldKey): string {
  const value = fields[key];
  if (value === undefined) return '';
  return key === 'productionDate' ? `${value}|${fields.productionDateSource ?? ''}` : String(value);
}

/**
 * The fields the user confirmed: `confirmed` maps a field to the value it was confirmed for;
 * a field read differently since then (the text was edited) is left out.
 */
export function confirmedFields(
  fields: MarkingFields,
  confirmed: Partial<Record<MarkingFieldKey, string>>,
): MarkingFields {
  const out: MarkingFields = {};
  for (const key of MARKING_FIELD_KEYS) {
    const value = fieldValue(fields, key);
    if (!value || confirmed[key] !== value) continue;
    if (key === 'productionDate') {
      out.productionDate = fields.productionDate;
      if (fields.productionDateSource) out.productionDateSource = fields.productionDateSource;
    } else (out as Record<string, unknown>)[key] = fields[key];
  }
  return out;
}
