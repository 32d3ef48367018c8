import { afterEach, describe, expect, it } from 'vitest';
import { freshDb, mutatorFor, seedMachine } from '@tests/fixtures/sync';
import type { SchlauchDb } from '@db/database';
import { latestDraft, listMachineReports, machineTargets } from './report-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

const report = (machineId: string, date: string, technician = 'Tom Techniker') => ({
  machineId,
  date,
  technician,
});

describe('report queries', () => {
  it("lists a machine's reports newest first, without deleted ones or other machines'", async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const other = await seedMachine(db);
    const m = mutatorFor(db);
    await m.create('inspection', report(machineId, '2026-03-01'));
    const gone = await m.create('inspection', report(machineId, '2026-05-01'));
    await m.create('inspection', report(machineId, '2026-04-01'));
    await m.create('inspection', report(other.machineId, '2026-06-01'));
    await m.create('maintenance', report(machineId, '2026-07-01'));
    await m.remove('inspection', gone.id);
    const rows = await listMachineReports(db, 'inspection', machineId);
    expect(rows.map((r) => r.date)).toEqual(['2026-04-01', '2026-03-01']);
    expect((await listMachineReports(db, 'maintenance', machineId)).map((r) => r.date)).toEqual([
      '2026-07-01',
    ]);
  });

  it("finds the technician's newest draft of the machine, never a complete or another's", async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    expect(await latestDraft(db, 'maintenance', machineId, 'Tom Techniker')).toBeNull();
    const older = await m.create('maintenance', report(machineId, '2026-01-02'));
    const newer = await m.create('maintenance', report(machineId, '2026-01-01'));
    await m.create('maintenance', report(machineId, '2026-01-03', 'Anna Admin'));
    const done = await m.create('maintenance', report(machineId, '2026-01-04'));
    await m.update('maintenance', done.id, { state: 'COMPLETE' });
    expect((await latestDraft(db, 'maintenance', machineId, 'Tom Techniker'))?.id).toBe(newer.id);
    await m.remove('maintenance', newer.id);
    expect((await latestDraft(db, 'maintenance', machineId, 'Tom Techniker'))?.id).toBe(older.id);
  });

  it('gives each power unit of the machine with its parts in SPEC order', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    expect(await machineTargets(db, machineId)).toEqual([]);
    const first = await m.create('aggregate', { machineId, type: 'HYDRAULIC' });
    const second = await m.create('aggregate', { machineId, type: 'GREASE' });
    const valve = await m.create('valve', { aggregateId: first.id, valveType: 'WV' });
    const tank = await m.create('tank', { aggregateId: first.id, volume: 100 });
    const deleted = await m.create('filter', { aggregateId: first.id });
    await m.remove('filter', deleted.id);
    const groups = await machineTargets(db, machineId);
    expect(groups.map((g) => g.aggregate.id)).toEqual([first.id, second.id]);
    expect(groups[0]?.parts.map((p) => [p.kind, p.row.id])).toEqual([
      ['tank', tank.id],
      ['valve', valve.id],
    ]);
    expect(groups[1]?.parts).toEqual([]);
  });
});
