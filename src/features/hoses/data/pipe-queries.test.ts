import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../../../db/database';
import { rowTable } from '../../../db/entity-repository';
import { uuidv7 } from '../../../domain/ids';
import {
  freshDb,
  mutatorFor,
  pipeInput,
  seedMachine,
  serverRow,
} from '../../../../tests/fixtures/sync';
import { listCustomerPipes, pipeCheckHistory } from './pipe-queries';

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
