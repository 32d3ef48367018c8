/**
 * The hose list's filters of docs/api.md (category, accessories, last inspection) and its search
 * by code or hose type, as plain functions: the list filters in memory over the live rows, so
 * a keystroke costs one pass over precomputed lower-case texts, never a query. The filters
 * live in the URL query (q, category, accessory, inspection) so a filtered list can be shared
 * and survives going back from a hose.
 */
import type { PipeStatus } from '@db/dguv-status-reads';
import type { EntityRow } from '@db/entity-tables';

export type Pipe = EntityRow<'pipe'>;

export const CATEGORY_FILTERS = ['normal', 'critical'] as const;
export const ACCESSORY_FILTERS = ['rope', 'protection'] as const;
export const INSPECTION_FILTERS = ['none', 'faulty', 'ok'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];
export type AccessoryFilter = (typeof ACCESSORY_FILTERS)[number];
export type InspectionFilter = (typeof INSPECTION_FILTERS)[number];

export interface HoseFilters {
  q: string;
  category: CategoryFilter | null;
  accessory: AccessoryFilter | null;
  inspection: InspectionFilter | null;
}

export const NO_FILTERS: HoseFilters = { q: '', category: null, accessory: null, inspection: null };

/** One line of a hose list: the row, its DGUV status and (customer list) its machine. */
export interface HoseRow {
  pipe: Pipe;
  status: PipeStatus | undefined;
  machine?: { id: string; label: string };
  /** Lower-case code and hose type, computed once per live row. */
  text: string;
}

/** Link targets of a list's lines; `edit` absent for read-only users (customer users). */
export interface HoseLinks {
  edit?: (pipe: Pipe) => string;
  /** Present in the customer list, which shows a machine column. */
  machine?: (machineId: string) => string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export function parseHoseFilters(params: URLSearchParams): HoseFilters {
  return {
    q: params.get('q') ?? '',
    category: oneOf(CATEGORY_FILTERS, params.get('category')),
    accessory: oneOf(ACCESSORY_FILTERS, params.get('accessory')),
    inspection: oneOf(INSPECTION_FILTERS, params.get('inspection')),
  };
}

/** `params` with the filters written over it (other query parameters are kept). */
export function writeHoseFilters(params: URLSearchParams, filters: HoseFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['q', 'category', 'accessory', 'inspection'] as const) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const isFiltered = (f: HoseFilters) =>
  f.q.trim() !== '' || f.category !== null || f.accessory !== null || f.inspection !== null;

export function toHoseRow(
  pipe: Pipe,
  status: PipeStatus | undefined,
  machine?: HoseRow['machine'],
): HoseRow {
  const text = `${pipe.code}\u0000${pipe.hoseType ?? ''}`.toLowerCase();
  return machine ? { pipe, status, machine, text } : { pipe, status, text };
}

function matchesInspection(status: PipeStatus | undefined, wanted: InspectionFilter): boolean {
  const result = status?.lastCheck?.result ?? null;
  if (wanted === 'none') return result === null;
  if (wanted === 'ok') return result === 'success';
  return result === 'warning' || result === 'error';
}

export function matchesHose(row: HoseRow, f: HoseFilters, needle = f.q.trim().toLowerCase()) {
  const { pipe } = row;
  if (f.category && pipe.isCritical !== (f.category === 'critical')) return false;
  if (f.accessory === 'rope' && !pipe.withRope) return false;
  if (f.accessory === 'protection' && !pipe.withProtection) return false;
  if (f.inspection && !matchesInspection(row.status, f.inspection)) return false;
  return needle === '' || row.text.includes(needle);
}

/** The rows matching every filter, in their given order (by position). */
export function filterHoses(rows: readonly HoseRow[], f: HoseFilters): readonly HoseRow[] {
  if (!isFiltered(f)) return rows;
  const needle = f.q.trim().toLowerCase();
  return rows.filter((row) => matchesHose(row, f, needle));
}
