import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '@db/database';
import { auditChecksByPipe } from '@db/dguv-audit-list';
import { runningAuditOf } from './audit-queries';
import { getRow } from '@db/entity-repository';
import { freshDb, mutatorFor, pipeInput, seedMachine, USER } from '@tests/fixtures/sync';
import {
  AUDIT_RUNNING,
  discardAudit,
  finishAudit,
  saveCheck,
  startAudit,
  type CheckValues,
} from './audit-writes';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

const PNG = new Blob(
  [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
  { type: 'image/png' },
);
const values = (answer: CheckValues['answer']): CheckValues => ({
  answer,
  protectionRecommended: false,
  replaceHose: answer[0] !== 'OK',
  replaceHoseComment: null,
  comment: null,
  photoIds: [],
});

async function setup() {
  db = freshDb();
  const seeded = await seedMachine(db);
  const m = mutatorFor(db);
  const a = await m.create('pipe', { ...pipeInput(seeded.machineId, 1), code: 'A-1' });
  const b = await m.create('pipe', { ...pipeInput(seeded.machineId, 2), code: 'A-2' });
  const start = (discardRunning = false) =>
    runningAuditOf(db, USER).then((running) =>
      startAudit({
        machine: { id: seeded.machineId },
        userId: USER,
        auditor: 'Anna Prüfer',
        locale: 'fr',
        running,
        discardRunning,
        now: new Date('2026-11-22T07:30:00Z'),
      }, m),
    );
  return { m, a, b, start, ...seeded };
}

describe('running audit actions', () => {
  it('starts one audit per user; a second start fails unless the running one is discarded', async () => {
    const { start } = await setup();
    const first = await start();
    expect(first).toMatchObject({ state: 'IN_PROGRESS', locale: 'fr', auditorUserId: USER });
    expect(first.startDate).toBe('2026-11-22 08:30:00');
    await expect(start()).rejects.toThrow(AUDIT_RUNNING);
    const second = await start(true);
    expect((await runningAuditOf(db, USER))?.id).toBe(second.id);
    expect(await getRow(db, 'dguvAudit', first.id)).toBeUndefined();
  });

  it('corrects a checked hose instead of adding a second check to the audit', async () => {
    const { m, a, start } = await setup();
    const audit = await start();
    const first = await saveCheck({
      audit,
      pipeId: a.id,
      existing: undefined,
      answerId: '0193a5f0-0000-7000-8000-000000000001',
      values: values(['Verformungen']),
    }, m);
    await saveCheck({
      audit,
      pipeId: a.id,
      existing: first,
      answerId: first.id,
      values: values(['OK']),
    }, m);
    const checks = await auditChecksByPipe(db, audit.id);
    expect(checks.size).toBe(1);
    expect(checks.get(a.id)?.answer).toEqual(['OK']);
  });

  it('refuses checks without a running audit (docs/api.md) and discards only a running one', async () => {
    const { m, a } = await setup();
    await expect(
      saveCheck({
        audit: null,
        pipeId: a.id,
        existing: undefined,
        answerId: 'x',
        values: values(['OK']),
      }, m),
    ).rejects.toThrow('dguv:errors.dataEmpty');
    await expect(discardAudit(null, m)).rejects.toThrow('dguv:errors.noAudit');
  });

  it('finishes with the signature: COMPLETE, interval observed, the finish queued behind the signature', async () => {
    const { m, a, b, start } = await setup();
    const audit = await start();
    const check = (pipeId: string, answer: CheckValues['answer'], n: number) =>
      saveCheck({
        audit,
        pipeId,
        existing: undefined,
        answerId: `0193a5f0-0000-7000-8000-00000000000${n}`,
        values: values(answer),
      }, m);
    const answers = [
      await check(a.id, ['OK'], 1),
      await check(b.id, ['Lagerzeiten und Verwendungsdauer überschritten'], 2),
    ];
    const done = await finishAudit({
      audit,
      answers,
      png: PNG,
      auditor: 'Anna Prüfer',
      signedAt: new Date('2026-11-22T09:00:00Z'),
      db,
    }, m);
    expect(done).toMatchObject({ state: 'COMPLETE', changeIntervalObserved: false });
    const signature = await getRow(db, 'signature', done.signatureId ?? '');
    expect(signature).toMatchObject({ name: 'audit-signature.png', auditor: 'Anna Prüfer' });
    const outbox = await db.outbox.orderBy('localSeq').toArray();
    const finish = outbox.at(-1)!;
    expect(finish.body).toMatchObject({ data: { state: 'COMPLETE', signatureId: signature!.id } });
    const signatureCalls = outbox.filter((e) => e.recordId === signature!.id);
    // The PNG belongs to the signature row; its one create carries it (the server defers it).
    expect(signatureCalls.map((e) => e.kind)).toEqual(['create']);
    expect(signatureCalls[0]!.body).toMatchObject({ data: { content: signature!.content } });
    expect(finish.dependsOn).toContain(signatureCalls[0]!.mutationId);
    const blob = await db.blobs.get(signature!.content!);
    expect(blob).toMatchObject({
      entity: 'signature',
      rowId: signature!.id,
      name: 'audit-signature.png',
    });
    expect(await runningAuditOf(db, USER)).toBeNull();
    await expect(
      finishAudit({ audit: done, answers, png: PNG, auditor: 'x', signedAt: new Date() }, m),
    ).rejects.toThrow('dguv:errors.noAudit');
  });
});
