import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { uuidv7 } from '@domain/ids';
import {
  freshDb,
  machineRow,
  mutatorFor,
  pipeInput,
  seedMachine,
  serverRow,
} from '@tests/fixtures/sync';
import { firstCustomerPipes, listCustomerPipes, pipeCheckHistory } from './hose-list-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('hose list queries', () => {
  it("lists a customer's hoses by machine and position, optionally of one location", async () => {
    db = freshDb();
    const { companyId, machineId, manufacturerId } = await seedMachine(db);
    const locationId = uuidv7();
    const other = uuidv7();
    await rowTable(db, 'machine').put(
      serverRow({
        id: other,
        companyId,
        manufacturerId,
        internalId: 'INV-0',
        machineType: 'A-Presse',
        locationId,
        positionOnLocation: null,
        dguvInterval: 'YEAR',
        dguvIntervalCritical: 'HALFYEAR',
        comment: null,
      }),
    );
    const mutate = mutatorFor(db);
    const a2 = await mutate.create('pipe', pipeInput(machineId, 2));
    const a1 = await mutate.create('pipe', { ...pipeInput(machineId, 1), code: 'T-1' });
    const b1 = await mutate.create('pipe', { ...pipeInput(other, 1), code: 'T-2' });
    const all = await listCustomerPipes(db, companyId, null);
    // Machines by type, then inventory number (the untyped one first), hoses by position.
    expect(all.pipes.map((p) => p.id)).toEqual([a1.id, a2.id, b1.id]);
    const atLocation = await listCustomerPipes(db, companyId, locationId);
    expect(atLocation.pipes.map((p) => p.id)).toEqual([b1.id]);
    expect(atLocation.machines.map((m) => m.id)).toEqual([other]);
  });

  it('reads the first screen as a prefix of the whole list, and says when it is all', async () => {
    db = freshDb();
    const { companyId, machineId, manufacturerId } = await seedMachine(db);
    const second = uuidv7();
    await rowTable(db, 'machine').put(
      machineRow({ id: second, companyId, manufacturerId, internalId: 'INV-2' }),
    );
    const pipe = (machine: string, position: number, deleted = false) =>
      serverRow({
        companyId,
        machineId: machine,
        position,
        code: `${machine === machineId ? 'A' : 'B'}-${position}`,
        deletedAt: deleted ? '2026-01-02T00:00:00.000Z' : null,
      });
    // Stored out of order, one deleted: three live hoses on INV-1, two on INV-2.
    await rowTable(db, 'pipe').bulkPut([
      pipe(second, 2),
      pipe(machineId, 3),
      pipe(machineId, 1),
      pipe(machineId, 2, true),
      pipe(second, 1),
      pipe(machineId, 4),
    ]);
    const codes = (pipes: { code: string }[]) => pipes.map((p) => p.code);
    const all = await listCustomerPipes(db, companyId, null);
    expect(codes(all.pipes)).toEqual(['A-1', 'A-3', 'A-4', 'B-1', 'B-2']);
    for (const limit of [1, 2, 3, 4, 5]) {
      const first = await firstCustomerPipes(db, companyId, null, limit);
      expect(codes(all.pipes).slice(0, first.pipes.length)).toEqual(codes(first.pipes));
      expect(first.whole).toBe(false);
    }
    const whole = await firstCustomerPipes(db, companyId, null, 7);
    expect(codes(whole.pipes)).toEqual(codes(all.pipes));
    expect(whole.whole).toBe(true);
    expect(whole.machines?.map((m) => m.id)).toEqual(all.machines.map((m) => m.id));
  });

  it("gives a hose's checks newest first with their result", async () => {
    db = freshDb();
    const { companyId, machineId } = await seedMachine(db);
    const pipe = await mutatorFor(db).create('pipe', pipeInput(machineId, 1));
    const audit = (startDate: string) =>
      serverRow({ companyId, machineId, startDate, state: 'APPROVED', auditorUserId: 'u1' });
    const old = audit('2025-01-10 08:00:00');
    const recent = audit('2026-01-10 08:00:00');
    await rowTable(db, 'dguvAudit').bulkPut([old, recent]);
    const answer = (auditId: string, value: string[]) =>
      serverRow({
        companyId,
        auditId,
        pipeId: pipe.id,
        answer: value,
        performedAt: '2026-01-10T08:00:00.000Z',
      });
    await rowTable(db, 'dguvAnswer').bulkPut([
      answer(old.id, ['OK']),
      answer(recent.id, ['Undichte Stellen']),
    ]);
    expect(await pipeCheckHistory(db, pipe.id)).toEqual([
      { auditId: recent.id, checkedAt: '2026-01-10 08:00:00', result: 'error' },
      { auditId: old.id, checkedAt: '2025-01-10 08:00:00', result: 'success' },
    ]);
  });
});
