import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditInput, pipeInput, seedMachine } from '@tests/fixtures/sync';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { createMutator } from '@sync';
import { runningAuditCheckHref } from './scan-check';

const db = () => getDatabase();
const m = createMutator({ db, getUserId: () => staffUser.id });
const ids = { machine: '', other: '', pipe: '', otherPipe: '' };

beforeAll(async () => {
  ids.machine = (await seedMachine(db())).machineId;
  ids.other = (await seedMachine(db())).machineId;
  ids.pipe = (await m.create('pipe', pipeInput(ids.machine))).id;
  ids.otherPipe = (await m.create('pipe', { ...pipeInput(ids.other), code: 'O-1' })).id;
});
afterAll(async () => {
  await db().delete();
});

describe('a scanned hose during a running audit', () => {
  it('opens the check of a hose of the audit machine, nothing else', async () => {
    useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: null });
    const pipe = { id: ids.pipe, machineId: ids.machine };
    expect(await runningAuditCheckHref(pipe)).toBeNull();
    useAuthStore.setState({ status: 'authenticated', user: staffUser });
    expect(await runningAuditCheckHref(pipe)).toBeNull();
    await m.create('dguvAudit', auditInput(ids.machine, '2026-11-20 09:30:00', staffUser.id));
    expect(await runningAuditCheckHref(pipe)).toBe(`/dguv/audit/check-pipe?pipe=${ids.pipe}`);
    expect(await runningAuditCheckHref({ id: ids.otherPipe, machineId: ids.other })).toBeNull();
  });
});
