/**
 * The reasons a DGUV check must give and the occasion of an audit, refused on the server on
 * every write path (the CMS and the sync push replaying it) with the translated key the form
 * shows (docs/dguv-record.md "Reasons", "Occasion").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import type { Mutation } from '@domain/sync-contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';

let s: TestServer;
let techA: Actor;
let tech: ReturnType<typeof cms>;
const company = uuidv7();
const machine = uuidv7();
const oldHose = uuidv7();
const newHose = uuidv7();
const undatedHose = uuidv7();
const auditId = uuidv7();
const now = () => new Date().toISOString();
const LEAK = 'Undichte Stellen';

const answer = (pipeId: string, extra: Record<string, unknown>) => ({
  companyId: company,
  auditId,
  pipeId,
  answer: ['OK'],
  protectionRecommended: false,
  replaceHose: false,
  performedAt: now(),
  ...extra,
});

const push = (who: Actor, mutations: Mutation[]) =>
  s.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { clientId: uuidv7(), mutations },
  });
const createCall = (seq: number, path: string, data: Record<string, unknown>): Mutation => ({
  seq,
  mutationId: uuidv7(),
  userId: techA.id,
  name: 'cms.create',
  method: 'POST',
  path,
  body: { data },
  recordId: String(data.id),
  baseVersion: null,
  changedFields: null,
  dependsOn: [],
  schemaVersion: 1,
});

beforeAll(async () => {
  s = await startTestServer({ DEMO_DATA: 'off' });
  const admin = cms(s, await actor(s, { roles: STAFF_ALL }));
  techA = await actor(s, { roles: ['module-dguv'] });
  tech = cms(s, techA);
  const m = uuidv7();
  await admin.create('company', { id: company, name: 'Begründungskunde' });
  await admin.create('manufacturer', { id: m, name: 'Hersteller Gründe' });
  await admin.create('machine', {
    id: machine,
    companyId: company,
    manufacturerId: m,
    internalId: 'R-1',
  });
  for (const [i, [id, productionDate]] of [
    [oldHose, '2018-01-01'],
    [newHose, '2026-01-01'],
    [undatedHose, null],
  ].entries()) {
    await admin.create('machinepart/hosepipe', {
      id,
      companyId: company,
      machineId: machine,
      position: i + 1,
      code: `RS-00000${i}`,
      productionDate,
    });
  }
});
afterAll(() => s.close());

describe('the occasion of an audit on the server', () => {
  it('refuses an extraordinary audit without its event, and keeps a complete one', async () => {
    const base = {
      id: auditId,
      companyId: company,
      machineId: machine,
      startDate: '2026-11-20 09:00:00',
      auditor: 'Tom Techniker',
      auditorUserId: 'x',
      performedAt: now(),
      occasion: 'EXTRAORDINARY',
    };
    const missing = await tech.create('audit/dguv', base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'occasion_incomplete',
      message: 'dguv:occasionEventRequired',
      field: 'occasionEvent',
    });
    const ok = await tech.create('audit/dguv', { ...base, occasionEvent: 'COLLISION' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ occasion: 'EXTRAORDINARY', occasionEvent: 'COLLISION' });
    const other = await tech.patch('audit/dguv', auditId, { occasionEvent: 'OTHER' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('dguv:occasionNoteRequired');
  });
});

describe('the reasons of a hose check on the server', () => {
  it('refuses OK past the service life without the documented extension (CMS)', async () => {
    const res = await tech.create('audit/dguvhosepipeanswer', answer(oldHose, {}));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'reason_required',
      message: 'dguv:extensionRequired',
      field: 'extensionReason',
    });
    // Within its service life the same check needs none.
    const fine = await tech.create('audit/dguvhosepipeanswer', answer(newHose, {}));
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('refuses a defect kept ("replace" = no) without a reason, on the CMS and the push', async () => {
    const kept = answer(newHose, { answer: [LEAK], replaceHose: false });
    const cmsAnswer = await tech.create('audit/dguvhosepipeanswer', kept);
    expect(cmsAnswer.statusCode).toBe(400);
    expect(cmsAnswer.json()).toMatchObject({
      code: 'reason_required',
      message: 'dguv:keepRequired',
      field: 'keepReason',
    });

    const path = '/cms/audit/dguvhosepipeanswer/create';
    const res = await push(techA, [
      createCall(1, path, { id: uuidv7(), ...kept }),
      createCall(2, path, { id: uuidv7(), ...answer(oldHose, {}) }),
      createCall(3, path, {
        id: uuidv7(),
        ...answer(oldHose, { extensionReason: 'Gefährdungsbeurteilung GB-7, Prüfung 2026' }),
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { status: string; error?: unknown }[];
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied']);
    expect(results[0]!.error).toMatchObject({
      status: 400,
      code: 'reason_required',
      message: 'dguv:keepRequired',
    });
    expect(results[1]!.error).toMatchObject({ message: 'dguv:extensionRequired' });
  });

  it('stores and returns the reasons', async () => {
    const id = uuidv7();
    const res = await tech.create('audit/dguvhosepipeanswer', {
      id,
      ...answer(newHose, {
        answer: [LEAK],
        replaceHose: false,
        keepReason: 'Tausch beim Stillstand',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await tech.read('audit/dguvhosepipeanswer', id)).json()).toMatchObject({
      keepReason: 'Tausch beim Stillstand',
    });
    // Clearing the reason later is refused too.
    const cleared = await tech.patch('audit/dguvhosepipeanswer', id, { keepReason: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe('dguv:keepRequired');
  });
});

describe('a hose without a production date on the server', () => {
  it('refuses its check without the comment on its age, on the CMS and the push', async () => {
    const bare = answer(undatedHose, {});
    const refused = await tech.create('audit/dguvhosepipeanswer', bare);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'comment_required',
      message: 'dguv:commentRequired',
      field: 'comment',
    });
    expect(
      (await tech.create('audit/dguvhosepipeanswer', { ...bare, comment: '   ' })).statusCode,
    ).toBe(400);

    const path = '/cms/audit/dguvhosepipeanswer/create';
    const id = uuidv7();
    const res = await push(techA, [
      createCall(1, path, { id: uuidv7(), ...bare }),
      createCall(2, path, { id, ...bare, comment: 'Aufdruck 3Q21 auf dem Schlauch gelesen' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { status: string; error?: unknown }[];
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(results[0]!.error).toMatchObject({ status: 400, code: 'comment_required' });

    // Clearing the comment later is refused too.
    const cleared = await tech.patch('audit/dguvhosepipeanswer', id, { comment: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toMatchObject({ code: 'comment_required', field: 'comment' });
  });
});
