import { describe, expect, it } from 'vitest';
import type { PipeStatus } from '@db/dguv-status-reads';
import {
  countLife,
  filterHoses,
  isFiltered,
  parseHoseFilters,
  toHoseRow,
  writeHoseFilters,
  NO_FILTERS,
  type HoseFilters,
  type Pipe,
} from './hose-filters';

const status = (result: 'success' | 'warning' | 'error' | null): PipeStatus => ({
  lastCheck: result
    ? {
        answer: [],
        result,
        checkedAt: '2026-01-01 08:00:00',
        auditId: 'a',
        performedAt: '',
        replaceHose: false,
      }
    : null,
  nextDue: null,
  overdue: false,
  dueSoon: false,
  serviceLifeExceeded: false,
  storageTimeExceeded: false,
  productionDateUnknown: false,
  retired: false,
  replaceAtNextVisit: false,
});

const pipe = (code: string, extra: Partial<Pipe> = {}) =>
  ({
    id: code,
    code,
    hoseType: null,
    isCritical: false,
    withRope: false,
    withProtection: false,
    ...extra,
  }) as Pipe;

const rows = [
  toHoseRow(pipe('SM-000001', { hoseType: '2SN', isCritical: true }), status('success')),
  toHoseRow(pipe('SM-000002', { withRope: true }), status('warning')),
  toHoseRow(pipe('SM-000003', { withProtection: true, hoseType: '4SP' }), status('error')),
  toHoseRow(pipe('XY-000004', { withRope: true, withProtection: true }), status(null)),
];
const codes = (f: Partial<HoseFilters>) =>
  filterHoses(rows, { ...NO_FILTERS, ...f }).map((r) => r.pipe.code);

describe('hose filters (docs/api.md)', () => {
  it('filter by category, accessory and last inspection', () => {
    expect(codes({ category: 'critical' })).toEqual(['SM-000001']);
    expect(codes({ category: 'normal' })).toEqual(['SM-000002', 'SM-000003', 'XY-000004']);
    expect(codes({ accessory: 'rope' })).toEqual(['SM-000002', 'XY-000004']);
    expect(codes({ accessory: 'protection' })).toEqual(['SM-000003', 'XY-000004']);
    expect(codes({ inspection: 'none' })).toEqual(['XY-000004']);
    expect(codes({ inspection: 'faulty' })).toEqual(['SM-000002', 'SM-000003']);
    expect(codes({ inspection: 'ok' })).toEqual(['SM-000001']);
  });

  it('search code or hose type, case-insensitively, combined with filters', () => {
    expect(codes({ q: 'xy' })).toEqual(['XY-000004']);
    expect(codes({ q: ' 4sp ' })).toEqual(['SM-000003']);
    expect(codes({ q: 'sm-', accessory: 'rope' })).toEqual(['SM-000002']);
    expect(filterHoses(rows, NO_FILTERS)).toBe(rows);
  });

  it('read and write the URL query, ignoring unknown values and keeping other parameters', () => {
    const params = new URLSearchParams('q=2sn&category=critical&inspection=bogus&tab=1');
    const filters = parseHoseFilters(params);
    expect(filters).toEqual({
      q: '2sn',
      category: 'critical',
      accessory: null,
      inspection: null,
      life: 'installed',
      replaceNextVisit: false,
    });
    const written = writeHoseFilters(params, { ...filters, q: '', accessory: 'rope' });
    expect(written.toString()).toBe('category=critical&tab=1&accessory=rope');
  });
});

describe('life filter (docs/hose-lifecycle.md)', () => {
  const retired = toHoseRow(
    pipe('SM-000005', { retiredAt: '2026-01-15', successorId: 'SM-000001' }),
    { ...status('error'), retired: true },
  );
  const withRetired = [...rows, retired];
  const lifeCodes = (f: Partial<HoseFilters>) =>
    filterHoses(withRetired, { ...NO_FILTERS, ...f }).map((r) => r.pipe.code);

  it('shows installed hoses by default, retired ones or all on request', () => {
    expect(lifeCodes({})).toEqual(['SM-000001', 'SM-000002', 'SM-000003', 'XY-000004']);
    expect(lifeCodes({ life: 'retired' })).toEqual(['SM-000005']);
    expect(lifeCodes({ life: 'all' })).toHaveLength(5);
    expect(lifeCodes({ life: 'all', inspection: 'faulty' })).toEqual([
      'SM-000002',
      'SM-000003',
      'SM-000005',
    ]);
    expect(lifeCodes({ life: 'retired', q: 'sm-000001' })).toEqual([]);
  });

  it('counts the hoses of the chosen life, installed by default', () => {
    expect(countLife(withRetired, NO_FILTERS.life)).toBe(4);
    expect(countLife(withRetired, 'retired')).toBe(1);
    expect(countLife(withRetired, 'all')).toBe(5);
  });

  it('keeps the default out of the URL and reads only known values', () => {
    const installed = writeHoseFilters(new URLSearchParams('life=retired'), NO_FILTERS);
    expect(installed.toString()).toBe('');
    const all = writeHoseFilters(new URLSearchParams(), { ...NO_FILTERS, life: 'all' });
    expect(all.toString()).toBe('life=all');
    expect(parseHoseFilters(new URLSearchParams('life=retired')).life).toBe('retired');
    expect(parseHoseFilters(new URLSearchParams('life=gone')).life).toBe('installed');
  });
});

describe('replace at the next visit filter (docs/hose-lifecycle.md)', () => {
  const flagged = (code: string) =>
    toHoseRow(pipe(code), { ...status('success'), replaceAtNextVisit: true });
  const list = [...rows, flagged('SM-000006'), flagged('XY-000007')];
  const replaceCodes = (f: Partial<HoseFilters>) =>
    filterHoses(list, { ...NO_FILTERS, ...f }).map((r) => r.pipe.code);

  it('keeps exactly the flagged hoses, combined with the other filters', () => {
    expect(replaceCodes({ replaceNextVisit: true })).toEqual(['SM-000006', 'XY-000007']);
    expect(replaceCodes({ replaceNextVisit: true, q: 'xy' })).toEqual(['XY-000007']);
    expect(replaceCodes({ replaceNextVisit: true, inspection: 'faulty' })).toEqual([]);
    expect(replaceCodes({})).toHaveLength(6);
    expect(isFiltered({ ...NO_FILTERS, replaceNextVisit: true })).toBe(true);
  });

  it('a hose without a status yet is not flagged', () => {
    expect(
      filterHoses([toHoseRow(pipe('SM-000008'), undefined)], {
        ...NO_FILTERS,
        replaceNextVisit: true,
      }),
    ).toEqual([]);
  });

  it('lives in the URL as replace=next-visit, absent when off', () => {
    const on = writeHoseFilters(new URLSearchParams('tab=1'), {
      ...NO_FILTERS,
      replaceNextVisit: true,
    });
    expect(on.toString()).toBe('tab=1&replace=next-visit');
    expect(parseHoseFilters(on).replaceNextVisit).toBe(true);
    expect(writeHoseFilters(on, NO_FILTERS).toString()).toBe('tab=1');
    expect(parseHoseFilters(new URLSearchParams('replace=1')).replaceNextVisit).toBe(false);
  });
});
