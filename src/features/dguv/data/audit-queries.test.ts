import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '@db/database';
import type { DguvAnswerValue } from '@domain/schemas/dguv-answer';
import {
  answerInput,
  auditInput,
  freshDb,
  mutatorFor,
  pipeInput,
  seedMachine,
} from '@tests/fixtures/sync';
import { auditHoses, runningAuditOf } from './audit-queries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('audit queries', () => {
  it('finds the running audit of one user only, ignoring finished and deleted ones', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    expect(await runningAuditOf(db, 'u1')).toBeNull();
    const done = await m.create('dguvAudit', auditInput(machineId, '2026-01-01 08:00:00', 'u1'));
    await m.update('dguvAudit', done.id, { state: 'COMPLETE' });
    await m.create('dguvAudit', auditInput(machineId, '2026-01-02 08:00:00', 'u2'));
    const old = await m.create('dguvAudit', auditInput(machineId, '2026-01-03 08:00:00', 'u1'));
    const newer = await m.create('dguvAudit', auditInput(machineId, '2026-01-04 08:00:00', 'u1'));
    expect((await runningAuditOf(db, 'u1'))?.id).toBe(newer.id);
    await m.remove('dguvAudit', newer.id);
    expect((await runningAuditOf(db, 'u1'))?.id).toBe(old.id);
  });

  it("reads an audit machine's hoses by position with their latest checks", async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const m = mutatorFor(db);
    const pipes = await Promise.all(
      [1, 2, 3].map((n) => m.create('pipe', { ...pipeInput(machineId, n), code: `Q-${n}` })),
    );
    const audit = await m.create('dguvAudit', auditInput(machineId, '2026-01-01 08:00:00', 'u1'));
    const check = (i: number, answer: DguvAnswerValue[], at: string) =>
      m.create(
        'dguvAnswer',
        answerInput(audit.id, pipes[i]?.id ?? '', answer, `2026-01-01T08:0${at}:00.000Z`),
      );
    await check(0, ['Verformungen'], '1');
    await check(0, ['OK'], '2');
    const hoses = await auditHoses(db, audit.id);
    expect(hoses?.pipes.map((p) => p.code)).toEqual(['Q-1', 'Q-2', 'Q-3']);
    expect(hoses?.checks.get(pipes[0]?.id ?? '')?.answer).toEqual(['OK']);
    expect(await auditHoses(db, 'missing')).toBeNull();
  });
});
