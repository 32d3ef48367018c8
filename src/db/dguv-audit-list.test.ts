import { afterEach, describe, expect, it } from 'vitest';
import type { DguvAnswerValue } from '../domain/schemas/dguv-answer';
import {
  answerInput,
  auditInput,
  freshDb,
  mutatorFor,
  pipeInput,
  seedMachine,
} from '@tests/fixtures/sync';
import type { SchlauchDb } from './database';
import {
  auditChecksByPipe,
  auditSummary,
  listAuditRows,
  listCompanyAudits,
} from './dguv-audit-list';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('audit list queries', () => {
  it("lists a customer's audits newest first, of every auditor, without deleted ones", async () => {
    db = freshDb();
    const { companyId, machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    const done = await m.create('dguvAudit', auditInput(machineId, '2026-01-01 08:00:00'));
    await m.update('dguvAudit', done.id, { state: 'COMPLETE' });
    await m.create('dguvAudit', auditInput(machineId, '2026-01-02 08:00:00', 'u2'));
    await m.create('dguvAudit', auditInput(machineId, '2026-01-03 08:00:00'));
    const newer = await m.create('dguvAudit', auditInput(machineId, '2026-01-04 08:00:00'));
    await m.remove('dguvAudit', newer.id);
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
    const audit = await m.create('dguvAudit', auditInput(machineId, '2026-01-01 08:00:00'));
    const check = (pipeId: string, answer: DguvAnswerValue[], performedAt: string) =>
      m.create('dguvAnswer', answerInput(audit.id, pipeId, answer, performedAt));
    await check(a.id, ['Verformungen'], '2026-01-01T08:05:00.000Z');
    await check(a.id, ['OK'], '2026-01-01T08:09:00.000Z');
    await check(b.id, ['Undichte Stellen'], '2026-01-01T08:07:00.000Z');
    const checks = await auditChecksByPipe(db, audit.id);
    expect(checks.get(a.id)?.answer).toEqual(['OK']);
    expect(checks.get(b.id)?.answer).toEqual(['Undichte Stellen']);
  });

  it("counts each hose's latest check of an audit by result", async () => {
    db = freshDb();
    const { companyId, machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    const pipes = await Promise.all(
      [1, 2, 3].map((n) => m.create('pipe', { ...pipeInput(machineId, n), code: `Q-${n}` })),
    );
    const older = await m.create('dguvAudit', auditInput(machineId, '2025-01-01 08:00:00'));
    const audit = await m.create('dguvAudit', auditInput(machineId, '2026-01-01 08:00:00'));
    const check = (i: number, answer: DguvAnswerValue[], at: string) =>
      m.create(
        'dguvAnswer',
        answerInput(audit.id, pipes[i]?.id ?? '', answer, `2026-01-01T08:0${at}:00.000Z`),
      );
    await check(0, ['Verformungen'], '1');
    await check(0, ['OK'], '2');
    await check(1, ['Lagerzeiten und Verwendungsdauer überschritten'], '3');
    await check(2, ['Undichte Stellen', 'Korrosion der Armatur'], '4');
    expect(await auditSummary(db, audit.id)).toEqual({
      checked: 3,
      success: 1,
      warning: 1,
      error: 1,
    });

    const byMachine = await listAuditRows(db, { machineId });
    expect(byMachine.map((r) => r.audit.id)).toEqual([audit.id, older.id]);
    expect(byMachine[1]?.summary.checked).toBe(0);
    const byCompany = await listAuditRows(db, { companyId });
    expect(byCompany).toHaveLength(2);
    expect(byCompany[0]?.machine?.id).toBe(machineId);
  });
});
