import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import { freshDb, mutatorFor, pipeInput, seedMachine, serverRow } from '../sync/test-fixtures';
import type { SchlauchDb } from './database';
import { rowTable } from './entity-repository';
import {
  listCustomerPipes,
  newPipeDefaults,
  nextPipePosition,
  pipeCheckHistory,
  pipeCodeError,
  suggestPipeCode,
} from './pipe-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('pipe queries', () => {
  it('refuses a code another live hose holds, ignoring case, spaces and the hose itself', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const hose = await mutate.create('pipe', { ...pipeInput(machineId, 1), code: 'SM-000001' });
    expect(await pipeCodeError(db, ' sm-000001 ')).toBe('pipes:codeExists');
    expect(await pipeCodeError(db, 'SM-000001', hose.id)).toBeNull();
    expect(await pipeCodeError(db, 'SM-000002')).toBeNull();
    await mutate.remove('pipe', hose.id);
    expect(await pipeCodeError(db, 'SM-000001')).toBeNull();
  });

  it('suggests the next code of the prefix and the next free position', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    expect(await newPipeDefaults(db, machineId)).toEqual({ position: 1, code: '' });
    await rowTable(db, 'companySettings').put(
      serverRow({ name: 'Firma', pipeCodePrefix: 'SM', assemblySurchargeCents: 0 }),
    );
    await mutate.create('pipe', { ...pipeInput(machineId, 4), code: 'SM-000007' });
    await mutate.create('pipe', { ...pipeInput(machineId, 2), code: 'XY-000099' });
    const gone = await mutate.create('pipe', { ...pipeInput(machineId, 9), code: 'sm-000012' });
    await mutate.remove('pipe', gone.id);
    expect(await suggestPipeCode(db, 'SM')).toBe('SM-000013');
    expect(await nextPipePosition(db, machineId)).toBe(5);
    expect(await newPipeDefaults(db, machineId)).toEqual({ position: 5, code: 'SM-000013' });
  });

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
