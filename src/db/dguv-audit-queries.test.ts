import { afterEach, describe, expect, it } from 'vitest';
import type { DguvAnswerValue } from '../domain/schemas/dguv-answer';
import { freshDb, mutatorFor, pipeInput, seedMachine } from '../sync/test-fixtures';
import type { SchlauchDb } from './database';
import { auditChecksByPipe, listCompanyAudits, runningAuditOf } from './dguv-audit-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

const auditInput = (machineId: string, user: string, startDate: string) => ({
  machineId,
  startDate,
  auditor: 'A. Prüfer',
  auditorUserId: user,
  performedAt: '2026-01-01T08:00:00.000Z',
});

describe('audit queries', () => {
  it('finds the running audit of one user only, ignoring finished and deleted ones', async () => {
    db = freshDb();
    const { companyId, machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    expect(await runningAuditOf(db, 'u1')).toBeNull();
    const done = await m.create('dguvAudit', auditInput(machineId, 'u1', '2026-01-01 08:00:00'));
    await m.update('dguvAudit', done.id, { state: 'COMPLETE' });
    await m.create('dguvAudit', auditInput(machineId, 'u2', '2026-01-02 08:00:00'));
    const old = await m.create('dguvAudit', auditInput(machineId, 'u1', '2026-01-03 08:00:00'));
    const newer = await m.create('dguvAudit', auditInput(machineId, 'u1', '2026-01-04 08:00:00'));
    expect((await runningAuditOf(db, 'u1'))?.id).toBe(newer.id);
    await m.remove('dguvAudit', newer.id);
    expect((await runningAuditOf(db, 'u1'))?.id).toBe(old.id);
    expect((await listCompanyAudits(db, companyId)).map((a) => a.startDate)).toEqual([
      '2026-01-03 08:00:00',
      '2026-01-02 08:00:00',
      '2026-01-01 08:00:00',
    ]);
  });

  it("keeps each hose's latest check of an audit", async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    const a = await m.create('pipe', { ...pipeInput(machineId, 1), code: 'Q-1' });
    const b = await m.create('pipe', { ...pipeInput(machineId, 2), code: 'Q-2' });
    const audit = await m.create('dguvAudit', auditInput(machineId, 'u1', '2026-01-01 08:00:00'));
    const check = (pipeId: string, answer: DguvAnswerValue[], performedAt: string) =>
      m.create('dguvAnswer', {
        auditId: audit.id,
        pipeId,
        answer,
        protectionRecommended: false,
        replaceHose: false,
        performedAt,
      });
    await check(a.id, ['Verformungen'], '2026-01-01T08:05:00.000Z');
    await check(a.id, ['OK'], '2026-01-01T08:09:00.000Z');
    await check(b.id, ['Undichte Stellen'], '2026-01-01T08:07:00.000Z');
    const checks = await auditChecksByPipe(db, audit.id);
    expect(checks.get(a.id)?.answer).toEqual(['OK']);
    expect(checks.get(b.id)?.answer).toEqual(['Undichte Stellen']);
  });
});
