/**
 * Machine documents through the real server, the way the app stores them offline: the file
 * is uploaded to its machine (`POST machine/{id}/file` with the client's blob id), the
 * document row names it (`fileId`), and `GET document/{id}/file` sends those bytes — to the
 * machine's customer and staff, never to another customer's user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { actor, cms, STAFF_ALL } from '../helpers/cms';
import { multipart } from '../helpers/files';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

describe.each(testDatabases())('on $name', ({ env }) => {
  let s: TestServer;
  let staff: ReturnType<typeof cms>;
  const ids = {
    company: uuidv7(),
    other: uuidv7(),
    manufacturer: uuidv7(),
    machine: uuidv7(),
    blob: uuidv7(),
    document: uuidv7(),
  };
  const tokens = { staff: '', own: '', foreign: '' };

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    const who = await actor(s, { roles: STAFF_ALL });
    tokens.staff = who.token;
    staff = cms(s, who);
    const created = await Promise.all([
      staff.create('company', { id: ids.company, name: 'Alpha GmbH' }),
      staff.create('company', { id: ids.other, name: 'Beta AG' }),
      staff.create('manufacturer', { id: ids.manufacturer, name: 'Bosch Rexroth' }),
    ]);
    for (const res of created) expect(res.statusCode, res.body).toBe(201);
    const machine = await staff.create('machine', {
      id: ids.machine,
      companyId: ids.company,
      manufacturerId: ids.manufacturer,
      internalId: 'INV-1',
    });
    expect(machine.statusCode, machine.body).toBe(201);
    tokens.own = (await actor(s, { customer: ids.company })).token;
    tokens.foreign = (await actor(s, { customer: ids.other })).token;
  });
  afterAll(() => s.close());

  const download = (token: string, query = false) =>
    s.app.inject({
      method: 'GET',
      url: `/api/cms/document/${ids.document}/file${query ? `?access_token=${token}` : ''}`,
      headers: query ? {} : { authorization: `Bearer ${token}` },
    });

  it('uploads a PDF to the machine, names it in a document row and downloads its bytes', async () => {
    const { payload, headers } = multipart([
      { name: 'id', value: ids.blob },
      { name: 'file', value: PDF, filename: 'Schaltplan.pdf', type: 'application/pdf' },
    ]);
    const up = await s.app.inject({
      method: 'POST',
      url: `/api/cms/machine/${ids.machine}/file`,
      payload,
      headers: { ...headers, authorization: `Bearer ${tokens.staff}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({
      id: ids.blob,
      mimeType: 'application/pdf',
      size: PDF.length,
    });

    const doc = await staff.create('document', {
      id: ids.document,
      companyId: ids.company,
      machineId: ids.machine,
      kind: 'DOCUMENT',
      name: 'Schaltplan.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      fileId: ids.blob,
    });
    expect(doc.statusCode, doc.body).toBe(201);

    const res = await download(tokens.staff, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload).toEqual(PDF);
  });

  it("gives the file to the machine's customer, and 404 to another customer's user", async () => {
    const own = await download(tokens.own);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).toEqual(PDF);
    const foreign = await download(tokens.foreign);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.includes(PDF)).toBe(false);
    const foreignQuery = await download(tokens.foreign, true);
    expect(foreignQuery.statusCode).toBe(404);
  });
});
