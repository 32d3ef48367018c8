/**
 * The inspection record is final (docs/dguv-record.md): once an audit is finished (COMPLETE)
 * nothing reaches it, its checks, their photos or its signature but the state table's steps —
 * not a CMS PATCH or PUT, a sync push, an upload or a delete cascading from its machine or
 * customer. Every refusal is 409 `audit_locked` and changes nothing: row versions, the number of
 * checks, the files, the PDF's bytes. The report of a finished audit is drawn from the snapshot
 * taken at finish; an approved one is made once and served as the same bytes for ever, after a
 * restart too, and verified by its number without sign-in.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { reportNumber } from '@domain/rules/report-number';
import type { Mutation, PushResponse } from '@domain/sync-contract';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { multipart, tinyJpeg, tinyPng } from '../helpers/files';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { ok, pdfText, upload } from './reports-fixture';

const now = () => new Date().toISOString();
const LOCKED = { code: 'audit_locked', message: 'errors:auditLocked' };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const START = '2026-11-20 09:00:00';

interface Recorded {
  audit: string;
  machine: string;
  pipes: string[];
  answers: string[];
  signature: string;
  /** The file ids the record names (a photo, the signature's image). */
  files: string[];
}

describe.each(testDatabases())('the DGUV record on $name', ({ env }) => {
  let s: TestServer;
  let office: Actor;
  const company = uuidv7();
  const location = uuidv7();
  let manufacturer = '';

  const api = (who: Actor) => cms(s, who);

  /** A machine with two hoses, audited by a new technician and finished (and approved). */
  async function recordedAudit(state: 'COMPLETE' | 'APPROVED'): Promise<Recorded> {
    const tech = await actor(s, { roles: ['module-dguv'], name: 'Tom Techniker' });
    const machine = uuidv7();
    await ok(
      api(office).create('machine', {
        id: machine,
        companyId: company,
        manufacturerId: manufacturer,
        locationId: location,
        machineType: 'Presse HP 250',
        internalId: `INV-${machine.slice(-4)}`,
      }),
    );
    const pipes = [uuidv7(), uuidv7()];
    for (const [i, id] of pipes.entries()) {
      await ok(
        api(office).create('machinepart/hosepipe', {
          id,
          companyId: company,
          machineId: machine,
          position: i + 1,
          code: `RC-${id.slice(-6)}`,
          length: 1000 + i,
          dn: 10,
          maxPn: 250,
          productionDate: '2025-06-01',
        }),
      );
    }
    const audit = uuidv7();
    await ok(
      api(tech).create('audit/dguv', {
        id: audit,
        companyId: company,
        machineId: machine,
        startDate: START,
        auditor: 'Tom Techniker',
        auditorUserId: 'set-by-the-server',
        performedAt: now(),
      }),
    );
    const answers: string[] = [];
    for (const [i, pipeId] of pipes.entries()) {
      const res = await api(tech).create('audit/dguvhosepipeanswer', {
        companyId: company,
        auditId: audit,
        pipeId,
        answer: i === 0 ? ['OK'] : ['Undichte Stellen'],
        protectionRecommended: false,
        replaceHose: i !== 0,
        performedAt: now(),
      });
      expect(res.statusCode, res.body).toBe(201);
      answers.push(String(res.json().id));
    }
    const photo = await upload(s, tech, 'audit/dguvhosepipeanswer', answers[1]!, {
      bytes: tinyJpeg(),
      name: 'leck.jpg',
      type: 'image/jpeg',
    });
    await ok(api(tech).patch('audit/dguvhosepipeanswer', answers[1]!, { photoIds: [photo] }));
    const signature = uuidv7();
    const image = uuidv7();
    await upload(s, tech, 'audit/signature', signature, {
      bytes: tinyPng(),
      name: 'audit-signature.png',
      type: 'image/png',
      id: image,
    });
    await ok(
      api(tech).create('audit/signature', {
        id: signature,
        companyId: company,
        auditor: 'Tom Techniker',
        name: 'audit-signature.png',
        referenceDate: now(),
        content: image,
      }),
    );
    await ok(api(tech).patch('audit/dguv', audit, { state: 'COMPLETE', signatureId: signature }));
    if (state === 'APPROVED') await ok(api(office).patch('audit/dguv', audit, { state }));
    return { audit, machine, pipes, answers, signature, files: [photo, image] };
  }

  const pdfOf = async (auditId: string) => {
    const res = await s.app.inject({
      url: `/api/cms/audit/dguv/${auditId}`,
      headers: { authorization: `Bearer ${office.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  /**
   * Everything a refused write must leave as it was. The PDF of an approved audit is compared by
   * its bytes; a finished one is drawn anew on each request (dated now), so by its text.
   */
  async function fingerprint(r: Recorded, state: 'COMPLETE' | 'APPROVED') {
    const read = async (entity: string, id: string) => {
      const res = await api(office).read(entity, id);
      return res.statusCode === 200 ? (res.json().version as number) : res.statusCode;
    };
    const answers = await api(office).query('audit/dguvhosepipeanswer', {
      query: { filter: [{ key: 'auditId', param: 'eq', value: r.audit }] },
    });
    const files = await s.db.kysely
      .selectFrom('file')
      .select(['id', 'sha256'])
      .where('entityId', 'in', [r.audit, r.signature, ...r.answers])
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .execute();
    return {
      audit: await read('audit/dguv', r.audit),
      signature: await read('audit/signature', r.signature),
      answers: (answers.json().data as { id: string; version: number }[])
        .map((a) => `${a.id}@${a.version}`)
        .sort(),
      files,
      pdf: state === 'APPROVED' ? sha(await pdfOf(r.audit)) : await pdfText(await pdfOf(r.audit)),
    };
  }

  const push = async (who: Actor, mutations: Omit<Mutation, 'userId'>[]) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { authorization: `Bearer ${who.token}` },
      payload: { clientId: uuidv7(), mutations: mutations.map((m) => ({ ...m, userId: who.id })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PushResponse>().results;
  };

  const patchCall = (seq: number, path: string, data: Record<string, unknown>) => ({
    seq,
    mutationId: uuidv7(),
    name: 'cms.update',
    method: 'PATCH' as const,
    path,
    body: { data },
    recordId: null,
    baseVersion: null,
    changedFields: Object.keys(data),
    dependsOn: [],
    schemaVersion: 1,
  });

  const uploadTo = async (who: Actor, entityPath: string, rowId: string, fileId: string) => {
    const { payload, headers } = multipart([
      { name: 'id', value: fileId },
      { name: 'file', value: tinyPng(), filename: 'spaet.png', type: 'image/png' },
    ]);
    return s.app.inject({
      method: 'POST',
      url: `/api/cms/${entityPath}/${rowId}/file`,
      payload,
      headers: { ...headers, authorization: `Bearer ${who.token}` },
    });
  };

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    office = await actor(s, { roles: STAFF_ALL, name: 'Bea Büro' });
    manufacturer = uuidv7();
    await ok(api(office).create('manufacturer', { id: manufacturer, name: 'Record AG' }));
    await ok(
      api(office).create('company', { id: company, name: 'Prüfkunde', customerNumber: 'K-1' }),
    );
    await ok(
      api(office).create('company/location', {
        id: location,
        companyId: company,
        street: 'Werkstraße',
        houseNumber: '7',
        zip: '28195',
        city: 'Bremen',
      }),
    );
  }, 60_000);
  afterAll(() => s.close());

  describe.each(['COMPLETE', 'APPROVED'] as const)('a %s audit', (state) => {
    let r: Recorded;
    beforeAll(async () => {
      r = await recordedAudit(state);
    }, 60_000);

    it('refuses every change through the CMS, the push, uploads and cascades', async () => {
      const before = await fingerprint(r, state);
      // Another technician's running audit on the same machine: its check cannot be moved in.
      const intruder = await actor(s, { roles: ['module-dguv'] });
      const running = uuidv7();
      await ok(
        api(intruder).create('audit/dguv', {
          id: running,
          companyId: company,
          machineId: r.machine,
          startDate: START,
          auditor: 'Ina Intruder',
          auditorUserId: 'x',
          performedAt: now(),
        }),
      );
      const own = (
        await ok(
          api(intruder).create('audit/dguvhosepipeanswer', {
            companyId: company,
            auditId: running,
            pipeId: r.pipes[0],
            answer: ['Undichte Stellen'],
            protectionRecommended: false,
            replaceHose: true,
            performedAt: now(),
          }),
        )
      ).json();
      const moved = await api(intruder).patch('audit/dguvhosepipeanswer', String(own.id), {
        auditId: r.audit,
      });
      expect(moved.statusCode, moved.body).toBe(409);
      expect(moved.json().code).toBe('answer_fixed');
      const put = await api(intruder).put('audit/dguvhosepipeanswer', String(own.id), {
        ...own,
        auditId: r.audit,
      });
      expect(put.statusCode, put.body).toBe(409);
      expect(
        (
          await api(intruder).patch('audit/dguvhosepipeanswer', String(own.id), {
            pipeId: r.pipes[1],
          })
        ).statusCode,
      ).toBe(409);

      for (const who of [intruder, office]) {
        const refused = [
          await api(who).create('audit/dguvhosepipeanswer', {
            companyId: company,
            auditId: r.audit,
            pipeId: r.pipes[0],
            answer: ['Undichte Stellen'],
            protectionRecommended: false,
            replaceHose: true,
            performedAt: now(),
          }),
          await api(who).patch('audit/dguvhosepipeanswer', r.answers[0]!, {
            answer: ['Undichte Stellen'],
          }),
          await api(who).remove('audit/dguvhosepipeanswer', r.answers[1]!),
          await api(who).patch('audit/dguv', r.audit, { auditor: 'Jemand' }),
          await api(who).put('audit/dguv', r.audit, {
            ...(await api(office).read('audit/dguv', r.audit)).json(),
            auditor: 'Jemand',
          }),
          await api(who).patch('audit/signature', r.signature, { auditor: 'Jemand' }),
          await api(who).remove('audit/signature', r.signature),
          await api(who).remove('machine', r.machine),
          await uploadTo(who, 'audit/dguv', r.audit, uuidv7()),
          await uploadTo(who, 'audit/dguvhosepipeanswer', r.answers[0]!, uuidv7()),
          await uploadTo(who, 'audit/signature', r.signature, uuidv7()),
        ];
        for (const res of refused) {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject(LOCKED);
        }
      }
      const company409 = await api(office).remove('company', company);
      expect(company409.statusCode).toBe(409);
      expect(company409.json()).toMatchObject(LOCKED);
      if (state === 'APPROVED') {
        const cancel = await api(office).remove('audit/dguv', r.audit);
        expect(cancel.statusCode).toBe(409);
        expect(cancel.json()).toMatchObject(LOCKED);
      }

      const results = await push(intruder, [
        patchCall(1, `/cms/audit/dguvhosepipeanswer/update/${String(own.id)}`, {
          auditId: r.audit,
        }),
        patchCall(2, `/cms/audit/dguvhosepipeanswer/update/${r.answers[0]!}`, {
          comment: 'nachträglich',
        }),
        patchCall(3, `/cms/audit/dguv/update/${r.audit}`, { auditor: 'Jemand' }),
      ]);
      expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(results[1]).toMatchObject({ error: { status: 409, ...LOCKED } });

      // The bytes of a file the record names may still arrive; a repeat changes nothing.
      const late = await uploadTo(office, 'audit/signature', r.signature, r.files[1]!);
      expect([200, 409]).toContain(late.statusCode);
      if (late.statusCode === 409) expect(late.json().code).toBe('duplicate');

      expect(await fingerprint(r, state)).toEqual(before);
      await ok(api(intruder).remove('audit/dguv', running));
    });

    it('prints the snapshot taken at finish, whatever changes later', async () => {
      const first = await pdfOf(r.audit);
      const api0 = api(office);
      await ok(
        api0.patch('machinepart/hosepipe', r.pipes[0]!, {
          code: `RENAMED-${r.audit.slice(-4)}`,
          length: 4242,
        }),
      );
      await ok(api0.patch('machine', r.machine, { machineType: 'Umgebaut 9000' }));
      await ok(
        api0.create('machinepart/hosepipe', {
          companyId: company,
          machineId: r.machine,
          position: 9,
          code: `LATER-${r.audit.slice(-4)}`,
        }),
      );
      await ok(api0.patch('company/location', location, { street: 'Neue Straße' }));
      await ok(api0.patch('company', company, { name: 'Umbenannt GmbH' }));
      const after = await pdfOf(r.audit);
      const text = await pdfText(after);
      expect(text).toContain('2 von 2');
      expect(text).toContain(`RC-${r.pipes[0]!.slice(-6)}`);
      expect(text).toContain('Presse HP 250');
      expect(text).toContain('Prüfkunde');
      expect(text).toContain('Werkstraße 7, 28195 Bremen');
      for (const later of ['RENAMED-1', '4242', 'Umgebaut', 'LATER-', 'Neue Straße', 'Umbenannt'])
        expect(text).not.toContain(later);
      if (state === 'APPROVED') expect(after.equals(first)).toBe(true);
      // Put the live rows back for the other state's suite.
      await ok(api0.patch('company/location', location, { street: 'Werkstraße' }));
      await ok(api0.patch('company', company, { name: 'Prüfkunde' }));
    });
  });

  it('cancels a finished audit as a whole, with its checks', async () => {
    const r = await recordedAudit('COMPLETE');
    expect((await api(office).remove('audit/dguv', r.audit)).statusCode).toBe(200);
    const left = await api(office).query('audit/dguvhosepipeanswer', {
      query: { filter: [{ key: 'auditId', param: 'eq', value: r.audit }] },
    });
    expect(left.json().total).toBe(0);
  });

  it('serves the approved PDF as the same bytes, named by their hash, after a restart too', async () => {
    const r = await recordedAudit('APPROVED');
    const first = await s.app.inject({
      url: `/api/cms/audit/dguv/${r.audit}`,
      headers: { authorization: `Bearer ${office.token}` },
    });
    expect(first.headers.etag).toBe(`"${sha(first.rawPayload)}"`);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const text = await pdfText(first.rawPayload);
    const number = reportNumber(START, r.audit);
    expect(text).toContain('Echtheit prüfen');
    expect(text).toContain(`${s.config.publicUrl}/verify/${number}`);
    s = await s.restart();
    const again = await pdfOf(r.audit);
    expect(again.equals(first.rawPayload)).toBe(true);
  });

  it('verifies an approved report by its number without sign-in, and says nothing more', async () => {
    const r = await recordedAudit('APPROVED');
    const complete = await recordedAudit('COMPLETE');
    const pdf = await pdfOf(r.audit);
    const number = reportNumber(START, r.audit);
    const res = await s.app.inject({ url: `/api/public/verify/${number}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['approvedAt', 'approvedBy', 'machineInternalId', 'reportNumber', 'result', 'sha256'].sort(),
    );
    expect(body).toMatchObject({
      reportNumber: number,
      approvedBy: 'Bea Büro',
      machineInternalId: `INV-${r.machine.slice(-4)}`,
      result: 'error',
      sha256: sha(pdf),
    });
    expect(res.body).not.toMatch(/Prüfkunde|RC-|Werkstraße|Tom/);
    for (const unknown of [
      reportNumber(START, complete.audit),
      reportNumber('2026-11-21', r.audit),
      'kein-bericht',
    ]) {
      const miss = await s.app.inject({ url: `/api/public/verify/${unknown}` });
      expect(miss.statusCode, unknown).toBe(404);
      expect(miss.json().code).toBe('report_unknown');
    }
  });

  it('limits look-ups per address', async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      last = (await s.app.inject({ url: '/api/public/verify/20260101-000000' })).statusCode;
    }
    expect(last).toBe(429);
  });
});
