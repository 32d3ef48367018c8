/**
 * The hose list's filters of docs/api.md (category, accessories, last inspection), its life
 * filter (installed, retired or all; docs/hose-lifecycle.md) and its search by code or hose
 * type, and "replace at the next visit" (the hoses whose service life ends by their next due
 * date, docs/hose-lifecycle.md), as plain functions: the list filters in memory over the live
 * rows, so a keystroke costs one pass over precomputed lower-case texts, never a query. The
 * filters live in the URL query (q, category, accessory, inspection, life, replace) so a
 * filtered list can be shared and survives going back from a hose. A list shows the installed
 * hoses unless asked otherwise.
 */
import type { PipeStatus } from '@db/dguv-status-reads';
import type { EntityRow } from '@db/entity-tables';
import { isRetired } from '@domain/rules/hose-life';
import { REPLACE_NEXT_VISIT } from '@lib/hose-paths';

export type Pipe = EntityRow<'pipe'>;

export const CATEGORY_FILTERS = ['normal', 'critical'] as const;
export const ACCESSORY_FILTERS = ['rope', 'protection'] as const;
export const INSPECTION_FILTERS = ['none', 'faulty', 'ok'] as const;
/** Installed first: it is the default, the one a list shows without a `life` parameter. */
export const LIFE_FILTERS = ['installed', 'retired', 'all'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];
export type AccessoryFilter = (typeof ACCESSORY_FILTERS)[number];
export type InspectionFilter = (typeof INSPECTION_FILTERS)[number];
export type LifeFilter = (typeof LIFE_FILTERS)[number];

export interface HoseFilters {
  q: string;
  category: CategoryFilter | null;
  accessory: AccessoryFilter | null;
  inspection: InspectionFilter | null;
  life: LifeFilter;
  /** Only the hoses flagged "replace at the next visit" (`replace=next-visit` in the URL). */
  replaceNextVisit: boolean;
}

export const NO_FILTERS: HoseFilters = {
  q: '',
  category: null,
  accessory: null,
  inspection: null,
  life: 'installed',
  replaceNextVisit: false,
};

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
    life: oneOf(LIFE_FILTERS, params.get('life')) ?? 'installed',
    replaceNextVisit: params.get('replace') === REPLACE_NEXT_VISIT,
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
  if (filters.life === 'installed') next.delete('life');
  else next.set('life', filters.life);
  if (filters.replaceNextVisit) next.set('replace', REPLACE_NEXT_VISIT);
  else next.delete('replace');
  return next;
}

/** Any filter beyond the default (installed hoses, no search): the reset button shows. */
export const isFiltered = (f: HoseFilters) =>
  f.q.trim() !== '' ||
  f.category !== null ||
  f.accessory !== null ||
  f.inspection !== null ||
  f.life !== 'installed' ||
  f.replaceNextVisit;

/** The hose's life matches the filter (installed: not retired; retired: retired). */
export function matchesLife(pipe: Pick<Pipe, 'retiredAt'>, life: LifeFilter): boolean {
  return life === 'all' || isRetired(pipe) === (life === 'retired');
}

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
  if (!matchesLife(pipe, f.life)) return false;
  if (f.category && pipe.isCritical !== (f.category === 'critical')) return false;
  if (f.accessory === 'rope' && !pipe.withRope) return false;
  if (f.accessory === 'protection' && !pipe.withProtection) return false;
  if (f.inspection && !matchesInspection(row.status, f.inspection)) return false;
  if (f.replaceNextVisit && row.status?.replaceAtNextVisit !== true) return false;
  return needle === '' || row.text.includes(needle);
}

/**
 * The rows matching every filter, in their given order (by position). The life filter alone
 * needs only the row itself, so it applies to a long list's first screen too.
 */
export function filterHoses(rows: readonly HoseRow[], f: HoseFilters): readonly HoseRow[] {
  if (!isFiltered(f) && !rows.some((row) => isRetired(row.pipe))) return rows;
  const needle = f.q.trim().toLowerCase();
  return rows.filter((row) => matchesHose(row, f, needle));
}

/** How many rows the life filter alone keeps: the list's total ("N of M"). */
export function countLife(rows: readonly HoseRow[], life: LifeFilter): number {
  if (life === 'all') return rows.length;
  let n = 0;
  for (const row of rows) if (matchesLife(row.pipe, life)) n += 1;
  return n;
}
