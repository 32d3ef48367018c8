import { afterEach, describe, expect, it } from 'vitest';
import type { DguvAnswerValue } from '../domain/schemas/dguv-answer';
import { freshDb, mutatorFor, pipeInput, seedMachine } from '../sync/test-fixtures';
import type { SchlauchDb } from './database';
import { auditHoses, auditSummary, listAuditRows } from './dguv-report-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

const auditInput = (machineId: string, startDate: string) => ({
  machineId,
  startDate,
  auditor: 'A. Prüfer',
  auditorUserId: 'u1',
  performedAt: '2026-01-01T08:00:00.000Z',
});

describe('audit list queries', () => {
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
      m.create('dguvAnswer', {
        auditId: audit.id,
        pipeId: pipes[i]?.id ?? '',
        answer,
        protectionRecommended: false,
        replaceHose: false,
        performedAt: `2026-01-01T08:0${at}:00.000Z`,
      });
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

    const hoses = await auditHoses(db, audit.id);
    expect(hoses?.pipes.map((p) => p.code)).toEqual(['Q-1', 'Q-2', 'Q-3']);
    expect(hoses?.checks.get(pipes[0]?.id ?? '')?.answer).toEqual(['OK']);
    expect(await auditHoses(db, 'missing')).toBeNull();
  });
});
