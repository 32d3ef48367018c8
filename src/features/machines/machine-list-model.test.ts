import { describe, expect, it } from 'vitest';
import type { MachineSummary } from '@db/machine-queries';
import {
  filterMachines,
  MACHINE_SORTS,
  parseSort,
  sortMachines,
  type MachineSort,
} from './machine-list-model';

function summary(
  id: string,
  machineType: string | null,
  internalId: string,
  extra: Partial<MachineSummary> & { createdAt?: string; locationId?: string | null } = {},
): MachineSummary {
  const { createdAt = '2026-01-01T00:00:00.000Z', locationId = null, ...rest } = extra;
  return {
    machine: {
      id,
      companyId: 'c1',
      version: 1,
      createdAt,
      updatedAt: createdAt,
      deletedAt: null,
      manufacturerId: 'm1',
      machineType,
      internalId,
      locationId,
      positionOnLocation: null,
      dguvInterval: 'YEAR',
      dguvIntervalCritical: 'HALFYEAR',
      intervalDecidedBy: null,
      intervalBasis: null,
      intervalDecidedAt: null,
      comment: null,
      photo: null,
    },
    manufacturer: 'Bosch',
    location: null,
    hoseCount: 1,
    nextDue: null,
    neverChecked: false,
    overdue: false,
    ...rest,
  };
}

const rows = [
  summary('b', 'Presse', 'INV-2', {
    createdAt: '2026-01-03T00:00:00.000Z',
    nextDue: '2026-09-01',
    locationId: 'l1',
  }),
  summary('a', 'Bagger', 'INV-10', { createdAt: '2026-01-02T00:00:00.000Z', hoseCount: 0 }),
  summary('c', 'Presse', 'INV-1', {
    createdAt: '2026-01-01T00:00:00.000Z',
    neverChecked: true,
    overdue: true,
  }),
  summary('d', 'Abkantpresse', 'INV-3', {
    createdAt: '2026-01-04T00:00:00.000Z',
    nextDue: '2026-04-01',
    manufacturer: 'Trumpf',
  }),
];
rows[1]!.machine.positionOnLocation = 'Halle 3';
const ids = (sort: MachineSort) => sortMachines(rows, sort).map((r) => r.machine.id);

describe('machine list sorts', () => {
  it('sorts by name: machine type, then inventory number', () => {
    expect(ids('name-asc')).toEqual(['d', 'a', 'c', 'b']);
    expect(ids('name-desc')).toEqual(['b', 'c', 'a', 'd']);
  });

  it('sorts by maintenance: never checked first, then due date, machines without hoses last', () => {
    expect(ids('maintenance-asc')).toEqual(['c', 'd', 'b', 'a']);
    expect(ids('maintenance-desc')).toEqual(['a', 'b', 'd', 'c']);
  });

  it('sorts by creation time', () => {
    expect(ids('created-asc')).toEqual(['c', 'a', 'b', 'd']);
    expect(ids('created-desc')).toEqual(['d', 'b', 'a', 'c']);
  });

  it('accepts only the six sorts from the URL', () => {
    expect(MACHINE_SORTS).toHaveLength(6);
    expect(parseSort('created-desc')).toBe('created-desc');
    expect(parseSort('bogus')).toBe('name-asc');
    expect(parseSort(null)).toBe('name-asc');
  });
});

describe('machine list filter and search', () => {
  const found = (search: string, location = 'all') =>
    filterMachines(rows, { search, location }).map((r) => r.machine.id);

  it('searches type, inventory number, manufacturer and position, all words', () => {
    expect(found('presse')).toEqual(['b', 'c', 'd']);
    expect(found('inv-1')).toEqual(['a', 'c']);
    expect(found('trumpf')).toEqual(['d']);
    expect(found('halle 3')).toEqual(['a']);
    expect(found('presse inv-2')).toEqual(['b']);
    expect(found('  ')).toEqual(['b', 'a', 'c', 'd']);
  });

  it('filters by location or machines without location', () => {
    expect(found('', 'l1')).toEqual(['b']);
    expect(found('', 'none')).toEqual(['a', 'c', 'd']);
  });
});
