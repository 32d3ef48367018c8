import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '@db/database';
import { freshDb, mutatorFor, seedMachine } from '@tests/fixtures/sync';
import { machineReportCounts } from './report-counts';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('machine report counts', () => {
  it("counts a machine's live audits, inspections and maintenance reports", async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const other = await seedMachine(db);
    const m = mutatorFor(db);
    expect(await machineReportCounts(db, machineId)).toEqual({
      DGUV: 0,
      INSPECTION: 0,
      MAINTENANCE: 0,
    });
    const report = (id: string) => ({ machineId: id, date: '2026-03-01', technician: 'Tom' });
    await m.create('dguvAudit', {
      machineId,
      startDate: '2026-01-01 08:00:00',
      auditor: 'A. Prüfer',
      auditorUserId: 'u1',
      performedAt: '2026-01-01T08:00:00.000Z',
    });
    await m.create('inspection', report(machineId));
    const gone = await m.create('inspection', report(machineId));
    await m.remove('inspection', gone.id);
    await m.create('maintenance', report(machineId));
    await m.create('maintenance', report(machineId));
    await m.create('maintenance', report(other.machineId));
    expect(await machineReportCounts(db, machineId)).toEqual({
      DGUV: 1,
      INSPECTION: 1,
      MAINTENANCE: 2,
    });
  });
});
