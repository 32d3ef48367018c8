import { afterEach, describe, expect, it } from 'vitest';
import { freshDb, mutatorFor, pipeInput, seedMachine, serverRow } from '@tests/fixtures/sync';
import type { SchlauchDb } from './database';
import { rowTable } from './entity-repository';
import {
  newPipeDefaults,
  nextPipePosition,
  pipeCodeError,
  suggestPipeCode,
} from './pipe-code-queries';

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
});
