import { afterEach, describe, expect, it } from 'vitest';
import { freshDb, serverRow } from '@tests/fixtures/sync';
import type { SchlauchDb } from './database';
import type { SyncedEntity } from './entity-tables';
import { rowTable } from './entity-repository';
import { machineDue, machineSummaries, machineSummary } from './machine-queries';
import type { PipeStatus } from './dguv-status-reads';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

const put = async (entity: SyncedEntity, fields: Record<string, unknown>) => {
  const row = serverRow(fields);
  await rowTable(db, entity).put(row);
  return row.id;
};
const DELETED = '2026-01-01T00:00:00.000Z';

async function seed() {
  const a = await put('company', { name: 'Kunde' });
  const plant = await put('location', { companyId: a, city: 'Dortmund', street: 'Weg' });
  const maker = await put('manufacturer', { name: 'Bosch' });
  const machine = (internalId: string, extra = {}) =>
    put('machine', {
      companyId: a,
      internalId,
      machineType: 'Presse',
      manufacturerId: maker,
      locationId: null,
      dguvInterval: 'YEAR',
      dguvIntervalCritical: 'HALFYEAR',
      ...extra,
    });
  const checked = await machine('M-1', { locationId: plant });
  const mixed = await machine('M-2');
  const empty = await machine('M-3');
  await machine('M-4', { deletedAt: DELETED });
  const pipe = (machineId: string, code: string, extra = {}) =>
    put('pipe', { companyId: a, machineId, code, position: 1, isCritical: false, ...extra });
  const p1 = await pipe(checked, 'HM-1');
  const p2 = await pipe(checked, 'HM-2', { isCritical: true });
  await pipe(checked, 'HM-9', { deletedAt: DELETED });
  // Retired, never checked: neither counted nor due (docs/hose-lifecycle.md).
  await pipe(checked, 'HM-8', { retiredAt: '2025-12-01' });
  const p3 = await pipe(mixed, 'HM-3');
  await pipe(mixed, 'HM-4');
  const audit = await put('dguvAudit', {
    companyId: a,
    machineId: checked,
    startDate: '2026-01-10 08:00:00',
    state: 'APPROVED',
  });
  for (const pipeId of [p1, p2, p3]) {
    await put('dguvAnswer', {
      companyId: a,
      auditId: audit,
      pipeId,
      answer: ['OK'],
      performedAt: '2026-01-10T09:00:00.000Z',
    });
  }
  return { a, plant, checked, mixed, empty };
}

describe('machine queries', () => {
  it('summarises every live machine: manufacturer, location, hoses, next due', async () => {
    db = freshDb();
    const { a, plant, checked, mixed, empty } = await seed();
    const rows = await machineSummaries(db, a, '2026-03-01');
    expect(
      rows.map((r) => [
        r.machine.id,
        r.manufacturer,
        r.location?.id ?? null,
        r.hoseCount,
        r.nextDue,
        r.neverChecked,
        r.overdue,
      ]),
    ).toEqual([
      // The critical hose (half-yearly) is due before the yearly one.
      [checked, 'Bosch', plant, 2, '2026-07-10', false, false],
      [mixed, 'Bosch', null, 2, '2027-01-10', true, true],
      [empty, 'Bosch', null, 0, null, false, false],
    ]);
  });

  it('marks a machine overdue once its earliest hose is past due; null when missing', async () => {
    db = freshDb();
    const { checked } = await seed();
    const late = await machineSummary(db, checked, '2026-08-01');
    expect(late).toMatchObject({ nextDue: '2026-07-10', overdue: true, neverChecked: false });
    expect(await machineSummary(db, 'no-such-machine')).toBeNull();
  });

  it('reduces hose statuses to the machine due state', () => {
    const status = (nextDue: string | null, overdue: boolean) =>
      ({ nextDue, overdue }) as PipeStatus;
    expect(machineDue([])).toEqual({ nextDue: null, neverChecked: false, overdue: false });
    expect(machineDue([status('2026-05-01', false), status('2026-04-01', false)])).toEqual({
      nextDue: '2026-04-01',
      neverChecked: false,
      overdue: false,
    });
  });
});
