import { afterEach, describe, expect, it } from 'vitest';
import { seedCustomerScope } from '@tests/fixtures/customer-scope';
import type { SchlauchDb } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { freshDb, serverRow } from '@tests/fixtures/sync';
import { duePipes, overviewFigures, replaceNextVisitPipes, scopeCounts } from './scope-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('dashboard scope queries', () => {
  it('counts the machines, power units and hoses of a customer or one location', async () => {
    db = freshDb();
    const { a, main } = await seedCustomerScope(db);
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
    const { a, unchecked, checked, other } = await seedCustomerScope(db);
    // The check of 2026-01-10 is due yearly: on 2026-12-20 it is due within 30 days.
    const soon = await duePipes(db, { companyId: a }, '2026-12-20');
    expect(soon.map((d) => d.pipe.id)).toEqual([unchecked, other, checked]);
    expect(soon[2]?.status).toMatchObject({ overdue: false, dueSoon: true });
    const early = await duePipes(db, { companyId: a }, '2026-06-01');
    expect(early.map((d) => d.pipe.id)).toEqual([unchecked, other]);
  });

  it('leaves retired hoses out of the counts and the due list (docs/hose-lifecycle.md)', async () => {
    db = freshDb();
    const { a, m1, unchecked, checked, other } = await seedCustomerScope(db);
    // Never checked and taken off: neither a hose of the customer nor due.
    const retired = serverRow({
      companyId: a,
      machineId: m1,
      code: 'HM-9',
      position: 2,
      isCritical: false,
      retiredAt: '2026-02-01',
    });
    await rowTable(db, 'pipe').put(retired);
    expect((await scopeCounts(db, { companyId: a })).pipes).toBe(3);
    const due = await duePipes(db, { companyId: a }, '2026-12-20');
    expect(due.map((d) => d.pipe.id)).toEqual([unchecked, other, checked]);
  });

  it('reads the start page in one go: the customer, the location and the same figures', async () => {
    db = freshDb();
    const { a, main } = await seedCustomerScope(db);
    for (const scope of [
      { companyId: a, locationId: null },
      { companyId: a, locationId: main },
    ]) {
      const figures = await overviewFigures(db, scope, '2026-12-20');
      expect(figures.company?.name).toBe('Beta GmbH');
      expect(figures.location?.city ?? null).toBe(scope.locationId ? 'Dortmund' : null);
      expect(figures.counts).toEqual(await scopeCounts(db, scope));
      expect(figures.due).toEqual(await duePipes(db, scope, '2026-12-20'));
      expect(figures.replace).toEqual(await replaceNextVisitPipes(db, scope, '2026-12-20'));
    }
    expect(
      (await overviewFigures(db, { companyId: a, locationId: main }, '2026-12-20')).counts.pipes,
    ).toBe(2);
  });

  it('says when the customer is not on the device, with no figures', async () => {
    db = freshDb();
    await seedCustomerScope(db);
    const figures = await overviewFigures(db, { companyId: 'unknown', locationId: null });
    expect(figures).toMatchObject({ company: null, due: [], replace: [] });
    expect(figures.counts).toEqual({ machines: 0, powerUnits: 0, pipes: 0 });
  });
});
