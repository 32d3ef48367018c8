import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { tinyPng } from '../helpers/files';
import { upload } from './reports-fixture';

let s: TestServer;
let admin: ReturnType<typeof cms>;
let techA: Actor;
let tech: ReturnType<typeof cms>;
const company = uuidv7();
const machine = uuidv7();
const other = uuidv7();
const pipes = [uuidv7(), uuidv7()];
const now = () => new Date().toISOString();

const audit = (id: string, machineId = machine) => ({
  id,
  companyId: company,
  machineId,
  startDate: '2026-11-20 09:00:00',
  auditor: 'Tom Techniker',
  auditorUserId: 'x',
  performedAt: now(),
});
const answer = (auditId: string, pipeId: string, values: string[]) => ({
  companyId: company,
  auditId,
  pipeId,
  answer: values,
  protectionRecommended: false,
  replaceHose: values[0] !== 'OK',
  performedAt: now(),
});

beforeAll(async () => {
  s = await startTestServer({ DEMO_DATA: 'off' });
  admin = cms(s, await actor(s, { roles: STAFF_ALL }));
  techA = await actor(s, { roles: ['module-dguv'] });
  tech = cms(s, techA);
  const m = uuidv7();
  await admin.create('company', { id: company, name: 'Prüfkunde' });
  await admin.create('manufacturer', { id: m, name: 'Hersteller DGUV' });
  for (const id of [machine, other]) {
    await admin.create('machine', {
      id,
      companyId: company,
      manufacturerId: m,
      internalId: id.slice(-4),
    });
  }
  for (const [i, id] of pipes.entries()) {
    await admin.create('machinepart/hosepipe', {
      id,
      companyId: company,
      machineId: machine,
      position: i + 1,
      code: `DG-00000${i}`,
      productionDate: '2025-06-01',
    });
  }
});
afterAll(() => s.close());

describe('DGUV audit rules on the server', () => {
  const a1 = uuidv7();

  it('allows one running audit per user: a second start fails with the SPEC message', async () => {
    expect((await tech.create('audit/dguv', audit(a1))).statusCode).toBe(201);
    const second = await tech.create('audit/dguv', audit(uuidv7(), other));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Es läuft bereits eine DGUV Prüfung');
    // Another technician may run one at the same time.
    const other2 = cms(s, await actor(s, { roles: ['module-dguv'] }));
    expect((await other2.create('audit/dguv', audit(uuidv7(), other))).statusCode).toBe(201);
  });

  it('records the auditor from the token, not from the body', async () => {
    expect((await tech.read('audit/dguv', a1)).json().auditorUserId).toBe(techA.id);
  });

  it('accepts hose checks only for hoses of the audited machine, and answers without audit data', async () => {
    expect(
      (await tech.create('audit/dguvhosepipeanswer', answer(a1, pipes[0]!, ['OK']))).statusCode,
    ).toBe(201);
    const missing = await tech.create(
      'audit/dguvhosepipeanswer',
      answer(uuidv7(), pipes[0]!, ['OK']),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('DGUV Data is empty');
    const bad = await tech.create(
      'audit/dguvhosepipeanswer',
      answer(a1, pipes[1]!, ['OK', 'Verformungen']),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('answer');
  });

  it('gives a hose its latest check as dguvReference (limit 1, newest audit first)', async () => {
    await tech.create(
      'audit/dguvhosepipeanswer',
      answer(a1, pipes[1]!, ['Lagerzeiten und Verwendungsdauer überschritten']),
    );
    const res = await tech.query(
      'machinepart/hosepipe',
      { limit: -1, query: { filter: [{ key: 'machine.id', param: 'eq', value: machine }] } },
      ['code', 'dguvReference.answer', 'dguvReference.audit.startDate'],
    );
    const list = res.json().data;
    expect(list[0].dguvReference).toHaveLength(1);
    expect(list[0].dguvReference[0].answer).toEqual(['OK']);
    expect(list[1].dguvReference[0]).toMatchObject({
      answer: ['Lagerzeiten und Verwendungsdauer überschritten'],
      audit: { startDate: '2026-11-20 09:00:00' },
    });
  });

  it('finishes only with a signature, computing changeIntervalObserved from the answers', async () => {
    const noSig = await tech.patch('audit/dguv', a1, { state: 'COMPLETE' });
    expect(noSig.statusCode).toBe(400);
    expect(noSig.json().field).toBe('signatureId');
    const content = uuidv7();
    const sig = await tech.create('audit/signature', {
      companyId: company,
      auditor: 'Tom',
      name: 'audit-signature.png',
      mimeType: 'image/png',
      referenceDate: now(),
      content,
    });
    await upload(s, techA, 'audit/signature', sig.json().id, {
      bytes: tinyPng(),
      name: 'audit-signature.png',
      type: 'image/png',
      id: content,
    });
    const done = await tech.patch('audit/dguv', a1, {
      state: 'COMPLETE',
      signatureId: sig.json().id,
      changeIntervalObserved: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'COMPLETE', changeIntervalObserved: false });
    // No new checks once finished; the technician may start a new audit now.
    expect(
      (await tech.create('audit/dguvhosepipeanswer', answer(a1, pipes[0]!, ['OK']))).statusCode,
    ).toBe(409);
  });

  it('lets only office staff approve, and then nothing can change', async () => {
    expect((await tech.patch('audit/dguv', a1, { state: 'APPROVED' })).statusCode).toBe(403);
    const buero = cms(
      s,
      await actor(s, {
        roles: ['ui-admininstrator', 'admin-shop', 'module-dguv'],
        name: 'Bea Büro',
      }),
    );
    // Nobody writes the approval record but the approving step itself.
    const forged = await tech.patch('audit/dguv', a1, {
      approvedBy: 'Jemand',
      approvedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(forged.json()).toMatchObject({ state: 'COMPLETE', approvedBy: null, approvedAt: null });
    const before = Date.now();
    const approved = await buero.patch('audit/dguv', a1, {
      state: 'APPROVED',
      approvedBy: 'Jemand',
      approvedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approvedBy).toBe('Bea Büro');
    const at = Date.parse(approved.json().approvedAt as string);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const edit = await buero.patch('audit/dguv', a1, { auditor: 'Jemand' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('audit_locked');
    expect((await buero.remove('audit/dguv', a1)).statusCode).toBe(409);
    const answers = (
      await buero.query('audit/dguvhosepipeanswer', {
        query: { filter: [{ key: 'auditId', param: 'eq', value: a1 }] },
      })
    ).json().data;
    expect(
      (await buero.patch('audit/dguvhosepipeanswer', answers[0].id, { comment: 'x' })).statusCode,
    ).toBe(409);
    expect((await buero.remove('audit/dguvhosepipeanswer', answers[0].id)).statusCode).toBe(409);
  });

  it('refuses customer users and staff without module-dguv', async () => {
    const kunde = cms(s, await actor(s, { customer: company }));
    expect((await kunde.create('audit/dguv', audit(uuidv7()))).statusCode).toBe(403);
    const office = cms(s, await actor(s, { roles: [] }));
    expect((await office.create('audit/dguv', audit(uuidv7()))).statusCode).toBe(403);
    // …but the customer reads their own results.
    expect((await kunde.read('audit/dguv', a1)).statusCode).toBe(200);
  });

  it('cancels (deletes) a running audit with its checks', async () => {
    const a2 = uuidv7();
    expect((await tech.create('audit/dguv', audit(a2))).statusCode).toBe(201);
    await tech.create('audit/dguvhosepipeanswer', answer(a2, pipes[0]!, ['OK']));
    expect((await tech.remove('audit/dguv', a2)).statusCode).toBe(200);
    expect((await tech.read('audit/dguv', a2)).statusCode).toBe(404);
    const left = (
      await tech.query('audit/dguvhosepipeanswer', {
        query: { filter: [{ key: 'auditId', param: 'eq', value: a2 }] },
      })
    ).json();
    expect(left.total).toBe(0);
  });
});
