import { afterEach, describe, expect, it } from 'vitest';
import { freshDb, serverRow } from '../sync/test-fixtures';
import type { SchlauchDb } from './database';
import type { SyncedEntity } from './entity-tables';
import { rowTable } from './entity-repository';
import {
  customerSummaries,
  duePipes,
  machinesWithoutLocation,
  scopeCounts,
} from './customer-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

const put = async (entity: SyncedEntity, fields: Record<string, unknown>) => {
  const row = serverRow(fields);
  await rowTable(db, entity).put(row);
  return row.id;
};

async function seed() {
  const a = await put('company', { name: 'Beta GmbH' });
  const b = await put('company', { name: 'Alpha AG' });
  await put('company', { name: 'Gone KG', deletedAt: '2026-01-01T00:00:00.000Z' });
  await put('location', { companyId: a, city: 'Essen', type: 'DELIVERY' });
  const main = await put('location', { companyId: a, city: 'Dortmund', type: 'MAIN' });
  const machine = (internalId: string, locationId: string | null, extra = {}) =>
    put('machine', { companyId: a, internalId, locationId, dguvInterval: 'YEAR', ...extra });
  const m1 = await machine('M-2', main);
  const m2 = await machine('M-1', null);
  await machine('M-0', null, { deletedAt: '2026-01-01T00:00:00.000Z' });
  await put('aggregate', { companyId: a, machineId: m1, type: 'HYDRAULIC' });
  await put('aggregate', { companyId: a, machineId: m2, type: 'GREASE' });
  const pipe = (machineId: string, code: string) =>
    put('pipe', { companyId: a, machineId, code, position: 1, isCritical: false });
  const unchecked = await pipe(m1, 'HM-2');
  const checked = await pipe(m1, 'HM-1');
  const other = await pipe(m2, 'HM-3');
  const audit = await put('dguvAudit', {
    companyId: a,
    machineId: m1,
    startDate: '2026-01-10 08:00:00',
    state: 'APPROVED',
  });
  await put('dguvAnswer', {
    companyId: a,
    auditId: audit,
    pipeId: checked,
    answer: ['OK'],
    performedAt: '2026-01-10T09:00:00.000Z',
  });
  return { a, b, main, m1, m2, unchecked, checked, other };
}

describe('customer queries', () => {
  it('summarises customers by name with main city and machine count', async () => {
    db = freshDb();
    const { a, b } = await seed();
    const rows = await customerSummaries(db);
    expect(rows.map((r) => [r.company.id, r.city, r.machineCount])).toEqual([
      [b, null, 0],
      [a, 'Dortmund', 2],
    ]);
  });

  it('lists machines without location and counts a scope', async () => {
    db = freshDb();
    const { a, main, m2 } = await seed();
    expect((await machinesWithoutLocation(db, a)).map((m) => m.id)).toEqual([m2]);
    expect(await scopeCounts(db, { companyId: a })).toEqual({
      machines: 2,
      powerUnits: 2,
      pipes: 3,
    });
    expect(await scopeCounts(db, { companyId: a, locationId: main })).toEqual({
      machines: 1,
      powerUnits: 1,
      pipes: 2,
    });
  });

  it('lists hoses overdue or due within 30 days, never checked first', async () => {
    db = freshDb();
    const { a, unchecked, checked, other } = await seed();
    // The check of 2026-01-10 is due yearly: on 2026-12-20 it is due within 30 days.
    const soon = await duePipes(db, { companyId: a }, '2026-12-20');
    expect(soon.map((d) => d.pipe.id)).toEqual([unchecked, other, checked]);
    expect(soon[2]?.status).toMatchObject({ overdue: false, dueSoon: true });
    const early = await duePipes(db, { companyId: a }, '2026-06-01');
    expect(early.map((d) => d.pipe.id)).toEqual([unchecked, other]);
  });
});
