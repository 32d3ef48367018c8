import { afterEach, describe, expect, it } from 'vitest';
import { freshDb, mutatorFor, pipeInput, seedMachine } from '@tests/fixtures/sync';
import type { SchlauchDb } from '@db/database';
import { cameraFailure } from './camera';
import { findHoseByCode } from './data/hose-lookup';
import { hosePageHref, hoseTarget } from './scan-target';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('finding a scanned hose on the device', () => {
  it('finds a live hose by its code, ignoring case and spaces, the exact spelling first', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const hose = await mutate.create('pipe', { ...pipeInput(machineId, 1), code: 'HM-000123' });
    expect((await findHoseByCode(db, 'HM-000123'))?.id).toBe(hose.id);
    expect((await findHoseByCode(db, ' hm-000123 '))?.id).toBe(hose.id);
    expect(await findHoseByCode(db, 'HM-000124')).toBeNull();
    expect(await findHoseByCode(db, '')).toBeNull();
    await mutate.remove('pipe', hose.id);
    expect(await findHoseByCode(db, 'HM-000123')).toBeNull();
  });

  it('opens the hose page for staff, the filtered hose list for customer users', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const hose = await mutatorFor(db).create('pipe', { ...pipeInput(machineId), code: 'SN/3 a' });
    const machine = `/customer/${hose.companyId}/machine/${machineId}`;
    expect(hosePageHref(hose, true)).toBe(`${machine}/parts/pipes/${hose.id}`);
    expect(hosePageHref(hose, false)).toBe(`${machine}/parts/pipes?q=SN%2F3+a`);
  });

  it('opens the running audit check when there is one, else the page', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const hose = await mutatorFor(db).create('pipe', pipeInput(machineId));
    const page = hosePageHref(hose, true);
    expect(await hoseTarget(hose, true, undefined)).toBe(page);
    expect(await hoseTarget(hose, true, async () => null)).toBe(page);
    expect(await hoseTarget(hose, true, async (p) => `/check/${p.id}`)).toBe(`/check/${hose.id}`);
    // A failing lookup of the audit must not strand the user: the page opens.
    expect(await hoseTarget(hose, true, () => Promise.reject(new Error('db')))).toBe(page);
  });
});

describe('camera failures', () => {
  const named = (name: string) => new DOMException('x', name);
  it('tells permission, missing camera and other failures apart', () => {
    expect(cameraFailure(named('NotAllowedError'))).toBe('denied');
    expect(cameraFailure(named('SecurityError'))).toBe('denied');
    expect(cameraFailure(named('NotFoundError'))).toBe('noCamera');
    expect(cameraFailure(named('OverconstrainedError'))).toBe('noCamera');
    expect(cameraFailure(named('NotReadableError'))).toBe('cameraFailed');
    expect(cameraFailure(new TypeError('x'))).toBe('cameraFailed');
    expect(cameraFailure('odd')).toBe('cameraFailed');
  });
});
