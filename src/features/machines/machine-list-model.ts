/**
 * Search, location filter and the six sorts of docs/api.md for the machine list, as pure
 * functions over the machine summaries (src/db/machine-queries). "name" is machineType then
 * internalId (as the database list orders them); "maintenance" is the machine's next DGUV due
 * date, machines with a never-checked hose first and machines without hoses last; "created"
 * is createdAt. Ties fall back to the name order so the list never jumps.
 */
import type { MachineSummary } from '@db/machine-queries';

export const MACHINE_SORTS = [
  'name-asc',
  'name-desc',
  'maintenance-asc',
  'maintenance-desc',
  'created-asc',
  'created-desc',
] as const;
export type MachineSort = (typeof MACHINE_SORTS)[number];
export const DEFAULT_SORT: MachineSort = 'name-asc';

/** 'all', 'none' (machines without location) or a location id. */
export type LocationFilter = string;
export const ALL_LOCATIONS = 'all';
export const WITHOUT_LOCATION = 'none';

export function parseSort(value: string | null): MachineSort {
  return (MACHINE_SORTS as readonly string[]).includes(value ?? '')
    ? (value as MachineSort)
    : DEFAULT_SORT;
}

const text = (value: string | null | undefined) => (value ?? '').toLocaleLowerCase('de');

/**
 * The lower-case text a search looks in, computed once per summary (the live query hands out
 * new summaries when the data changes), not on every keystroke.
 */
const searchKeys = new WeakMap<MachineSummary, string>();
function searchKey(row: MachineSummary): string {
  let key = searchKeys.get(row);
  if (key === undefined) {
    key = [
      row.machine.machineType,
      row.machine.internalId,
      row.manufacturer,
      row.machine.positionOnLocation,
    ]
      .map(text)
      .join(' ');
    searchKeys.set(row, key);
  }
  return key;
}

const searchWords = (search: string) => text(search).split(/\s+/).filter(Boolean);

export function matchesSearch(row: MachineSummary, search: string, words = searchWords(search)) {
  if (words.length === 0) return true;
  const haystack = searchKey(row);
  return words.every((w) => haystack.includes(w));
}

export function matchesLocation(row: MachineSummary, location: LocationFilter): boolean {
  if (location === ALL_LOCATIONS) return true;
  if (location === WITHOUT_LOCATION) return row.machine.locationId === null;
  return row.machine.locationId === location;
}

export function filterMachines(
  rows: readonly MachineSummary[],
  { search, location }: { search: string; location: LocationFilter },
): MachineSummary[] {
  const words = searchWords(search);
  return rows.filter((r) => matchesLocation(r, location) && matchesSearch(r, search, words));
}

const byName = (a: MachineSummary, b: MachineSummary) =>
  text(a.machine.machineType).localeCompare(text(b.machine.machineType), 'de') ||
  a.machine.internalId.localeCompare(b.machine.internalId, 'de', { numeric: true });

/** Due rank: never-checked hose (due now) < a due date < no hoses at all. */
const dueKey = (r: MachineSummary): string =>
  r.neverChecked ? '0' : r.nextDue ? `1${r.nextDue}` : '2';

const byDue = (a: MachineSummary, b: MachineSummary) => dueKey(a).localeCompare(dueKey(b));
const byCreated = (a: MachineSummary, b: MachineSummary) =>
  a.machine.createdAt.localeCompare(b.machine.createdAt);

const COMPARE = { name: byName, maintenance: byDue, created: byCreated } as const;

export function sortMachines(rows: readonly MachineSummary[], sort: MachineSort): MachineSummary[] {
  const [field, direction] = sort.split('-') as [keyof typeof COMPARE, 'asc' | 'desc'];
  const sign = direction === 'desc' ? -1 : 1;
  const compare = COMPARE[field];
  return [...rows].sort((a, b) => sign * compare(a, b) || byName(a, b));
}
