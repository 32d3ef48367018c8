/**
 * Issue #11, item 5 (SPEC §4): after approval no change is possible — also not by a delete
 * from above that cascades into the approved audit, its hose checks or its signature. On the
 * code before the fix, deleting the machine took the approved audit (and its PDF) with it and
 * deleting the signature row was accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids';
import type { Mutation, PushResponse } from '../../src/domain/sync-contract';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

const now = () => new Date().toISOString();
const IMMUTABLE = { code: 'approved_immutable', message: 'errors:approvedImmutable' };

describe.each(testDatabases())('approved DGUV audits are final on $name', ({ env }) => {
  let s: TestServer;
  let tech: Actor;
  let office: Actor;
  const company = uuidv7();
  const machine = uuidv7();
  const pipe = uuidv7();
  const audit = uuidv7();
  let signature = '';

  /** A machine with one hose and one audit of it, finished (signed) and, if asked, approved. */
  async function auditedMachine(machineId: string, pipeId: string, auditId: string) {
    const api = cms(s, office);
    const t = cms(s, tech);
    await api.create('machine', {
      id: machineId,
      companyId: company,
      manufacturerId: (await manufacturer()) as string,
      internalId: machineId.slice(-6),
    });
    await api.create('machinepart/hosepipe', {
      id: pipeId,
      companyId: company,
      machineId,
      position: 1,
      code: `AP-${pipeId.slice(-8)}`,
    });
    const started = await t.create('audit/dguv', {
      id: auditId,
      companyId: company,
      machineId,
      startDate: '2026-11-20 09:00:00',
      auditor: 'Tom Techniker',
      auditorUserId: 'set-by-the-server',
      performedAt: now(),
    });
    expect(started.statusCode, started.body).toBe(201);
    await t.create('audit/dguvhosepipeanswer', {
      companyId: company,
      auditId,
      pipeId,
      answer: ['OK'],
      protectionRecommended: false,
      replaceHose: false,
      performedAt: now(),
    });
    const sig = await t.create('audit/signature', {
      companyId: company,
      auditor: 'Tom',
      name: 'audit-signature.png',
      mimeType: 'image/png',
      referenceDate: now(),
      content: uuidv7(),
    });
    const done = await t.patch('audit/dguv', auditId, {
      state: 'COMPLETE',
      signatureId: sig.json().id,
    });
    expect(done.statusCode, done.body).toBe(200);
    return String(sig.json().id);
  }
  let manufacturerId: string | null = null;
  const manufacturer = async () => {
    if (!manufacturerId) {
      manufacturerId = uuidv7();
      await cms(s, office).create('manufacturer', { id: manufacturerId, name: 'Freigabe AG' });
    }
    return manufacturerId;
  };

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    tech = await actor(s, { roles: ['module-dguv'] });
    office = await actor(s, { roles: STAFF_ALL });
    await cms(s, office).create('company', { id: company, name: 'Freigabekunde' });
    signature = await auditedMachine(machine, pipe, audit);
    const approved = await cms(s, office).patch('audit/dguv', audit, { state: 'APPROVED' });
    expect(approved.statusCode, approved.body).toBe(200);
  });
  afterAll(() => s.close());

  const snapshot = async () => {
    const api = cms(s, office);
    const read = await api.read('audit/dguv', audit);
    const answers = await api.query('audit/dguvhosepipeanswer', {
      query: { filter: [{ key: 'auditId', param: 'eq', value: audit }] },
    });
    const sig = await api.read('audit/signature', signature);
    const pdf = await s.app.inject({
      url: `/api/cms/audit/dguv/${audit}`,
      headers: { authorization: `Bearer ${office.token}` },
    });
    return {
      audit: [read.statusCode, read.json().version],
      answers: answers.json().total,
      signature: [sig.statusCode, sig.json().version],
      pdf: pdf.statusCode,
    };
  };

  it('refuses deleting its machine, its customer, its signature — and keeps it whole', async () => {
    const before = await snapshot();
    expect(before).toEqual({ audit: [200, 3], answers: 1, signature: [200, 1], pdf: 200 });
    for (const who of [tech, office]) {
      const api = cms(s, who);
      for (const [entity, id] of [
        ['machine', machine],
        ['company', company],
        ['audit/signature', signature],
        ['audit/dguv', audit],
      ] as const) {
        const res = await api.remove(entity, id);
        // Whether a technician may delete a customer at all is another rule: never a 200.
        if (who === tech && entity === 'company' && res.statusCode === 403) continue;
        expect(res.statusCode, `${entity} ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject(IMMUTABLE);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses changing its signature', async () => {
    const res = await cms(s, office).patch('audit/signature', signature, { auditor: 'Jemand' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(IMMUTABLE);
  });

  it('refuses the same deletes replayed through the sync push', async () => {
    const clientId = uuidv7();
    const del = (seq: number, path: string): Mutation => ({
      seq,
      mutationId: uuidv7(),
      userId: office.id,
      name: 'cms.delete',
      method: 'DELETE',
      path,
      recordId: null,
      baseVersion: null,
      changedFields: null,
      dependsOn: [],
      schemaVersion: 1,
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${office.token}` },
      payload: {
        clientId,
        mutations: [
          del(1, `/cms/machine/delete/${machine}`),
          del(2, `/cms/audit/signature/delete/${signature}`),
        ],
      },
    });
    const out = res.json<PushResponse>();
    expect(out.results).toHaveLength(2);
    for (const r of out.results) {
      expect(r).toMatchObject({ status: 'rejected', error: { status: 409, ...IMMUTABLE } });
    }
    expect((await snapshot()).answers).toBe(1);
  });

  it('still deletes a machine whose audits are not approved (with them)', async () => {
    const m2 = uuidv7();
    const a2 = uuidv7();
    const sig2 = await auditedMachine(m2, uuidv7(), a2); // COMPLETE, not approved
    const api = cms(s, office);
    expect((await api.remove('machine', m2)).statusCode).toBe(200);
    expect((await api.read('audit/dguv', a2)).statusCode).toBe(404);
    expect((await api.remove('audit/signature', sig2)).statusCode).toBe(200);
  });

  it('lets a hose of an approved audit go, but the audit keeps its checks and PDF', async () => {
    const before = await snapshot();
    expect((await cms(s, office).remove('machinepart/hosepipe', pipe)).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
