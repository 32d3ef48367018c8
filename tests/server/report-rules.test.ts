import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL } from '../helpers/cms';

/**
 * Inspection and maintenance reports: created as DRAFT, finished only with
 * a signature, and immutable once COMPLETE (update and delete answer 409 'report_complete').
 */
let s: TestServer;
let tech: ReturnType<typeof cms>;
const company = uuidv7();
const machine = uuidv7();

const report = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  companyId: company,
  machineId: machine,
  date: '2026-11-20',
  technician: 'Tom Techniker',
  ...extra,
});

async function signature(): Promise<string> {
  const res = await tech.create('audit/signature', {
    companyId: company,
    auditor: 'Tom Techniker',
    name: 'audit-signature.png',
    mimeType: 'image/png',
    referenceDate: new Date().toISOString(),
    content: uuidv7(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
}

beforeAll(async () => {
  s = await startTestServer({ DEMO_DATA: 'off' });
  const admin = cms(s, await actor(s, { roles: STAFF_ALL }));
  tech = cms(s, await actor(s, { roles: ['module-dguv'] }));
  const m = uuidv7();
  await admin.create('company', { id: company, name: 'Berichtskunde' });
  await admin.create('manufacturer', { id: m, name: 'Hersteller Berichte' });
  await admin.create('machine', {
    id: machine,
    companyId: company,
    manufacturerId: m,
    internalId: 'R-1',
  });
});
afterAll(() => s.close());

describe.each(['report/inspection', 'report/maintenance'])('%s rules on the server', (path) => {
  it('creates a report as DRAFT only', async () => {
    const draft = await tech.create(path, report(uuidv7()));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().state).toBe('DRAFT');
    const complete = await tech.create(
      path,
      report(uuidv7(), { state: 'COMPLETE', signatureId: await signature() }),
    );
    expect(complete.statusCode).toBe(400);
    expect(complete.json().code).toBe('invalid_state');
  });

  it('keeps a DRAFT editable and deletable', async () => {
    const id = uuidv7();
    await tech.create(path, report(id));
    const edited = await tech.patch(path, id, { comment: 'Ölstand geprüft' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await tech.remove(path, id)).statusCode).toBe(200);
  });

  it('finishes only with a signature, then refuses every change and the delete', async () => {
    const id = uuidv7();
    await tech.create(path, report(id));
    const unsigned = await tech.patch(path, id, { state: 'COMPLETE' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'signature_required', field: 'signatureId' });

    const done = await tech.patch(path, id, { state: 'COMPLETE', signatureId: await signature() });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().state).toBe('COMPLETE');

    const edit = await tech.patch(path, id, { comment: 'nachträglich' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('report_complete');
    const reopen = await tech.patch(path, id, { state: 'DRAFT' });
    expect(reopen.json().code).toBe('report_complete');
    const del = await tech.remove(path, id);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('report_complete');
    expect((await tech.read(path, id)).json()).toMatchObject({ state: 'COMPLETE', comment: null });
  });
});
