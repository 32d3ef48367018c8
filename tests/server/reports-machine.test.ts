/**
 * Inspection and maintenance report PDFs (docs/api.md GET inspection/report/{id} and
 * maintenance/report/{id}) through the real server: items naming their power unit or part,
 * photos, signature, the report's language, and the same visibility as reading the row.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { actor } from '../helpers/cms';
import { tinyJpeg, tinyPng } from '../helpers/files';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import {
  buildWorld,
  download,
  expectFontsEmbedded,
  ok,
  pdfImages,
  pdfText,
  upload,
  type ReportWorld,
} from './reports-fixture';

describe.each(testDatabases())('machine reports on $name', ({ env }) => {
  let s: TestServer;
  let w: ReportWorld;
  const ids = {
    aggregate: uuidv7(),
    tank: uuidv7(),
    valve: uuidv7(),
    inspection: uuidv7(),
    maintenance: uuidv7(),
    signature: uuidv7(),
  };
  const tokens = { own: '', foreign: '' };
  const inspectionUrl = `/api/cms/inspection/report/${ids.inspection}`;
  const maintenanceUrl = `/api/cms/maintenance/report/${ids.maintenance}`;

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    w = await buildWorld(s, tinyPng());
    tokens.own = (await actor(s, { customer: w.company })).token;
    tokens.foreign = (await actor(s, { customer: w.other })).token;
    const owned = { companyId: w.company };
    await ok(
      w.staff.create('machinepart/aggregate', {
        ...owned,
        id: ids.aggregate,
        machineId: w.machine,
        type: 'HYDRAULIC',
        circuitId: 'HA-250/3',
      }),
    );
    const part = { ...owned, aggregateId: ids.aggregate };
    await ok(w.staff.create('machinepart/tank', { ...part, id: ids.tank, oilArt: 'HLP 46' }));
    await ok(w.staff.create('machinepart/valve', { ...part, id: ids.valve, valveType: '4WE6D62' }));
    const content = uuidv7();
    await ok(
      w.staff.create('audit/signature', {
        ...owned,
        id: ids.signature,
        auditor: 'Sabine Service',
        name: 'audit-signature.png',
        referenceDate: '2026-11-21T08:00:00.000Z',
        content,
      }),
    );
    await upload(s, w.staffActor, 'audit/signature', ids.signature, {
      bytes: tinyPng(),
      name: 'audit-signature.png',
      type: 'image/png',
      id: content,
    });
    const report = {
      ...owned,
      machineId: w.machine,
      date: '2026-11-21',
      technician: 'Sabine Service',
      comment: 'Anlage läuft wieder störungsfrei.',
    };
    await ok(
      w.staff.create('report/inspection', {
        ...report,
        id: ids.inspection,
        items: [
          { targetType: 'aggregate', targetId: ids.aggregate, result: 'OK', note: null },
          { targetType: 'tank', targetId: ids.tank, result: 'DEFECT', note: 'Ölstand zu niedrig' },
          { targetType: 'valve', targetId: ids.valve, result: 'NOT_CHECKED', note: null },
        ],
      }),
    );
    const photo = await upload(s, w.staffActor, 'report/inspection', ids.inspection, {
      bytes: tinyJpeg(),
      name: 'tank.jpg',
      type: 'image/jpeg',
    });
    await ok(w.staff.patch('report/inspection', ids.inspection, { photoIds: [photo, uuidv7()] }));
    await ok(
      w.staff.patch('report/inspection', ids.inspection, {
        state: 'COMPLETE',
        signatureId: ids.signature,
      }),
    );
    await ok(
      w.staff.create('report/maintenance', {
        ...report,
        id: ids.maintenance,
        locale: 'en-gb',
        items: [
          {
            description: 'Filterelement gewechselt',
            partsReplaced: 'Filterelement 0160 D 010 BN4HC',
            targetType: 'tank',
            targetId: ids.tank,
          },
          { description: 'Leckage-Kontrolle', partsReplaced: null },
        ],
      }),
    );
  }, 60_000);
  afterAll(() => s.close());

  /** `REPORT_PDF_DIR=<dir>` keeps the PDFs for a look. */
  const keep = (name: string, pdf: Buffer) => {
    if (process.env.REPORT_PDF_DIR) writeFileSync(`${process.env.REPORT_PDF_DIR}/${name}`, pdf);
  };

  it('prints the inspection with every item, its part, photos and the signature', async () => {
    const res = await download(s, inspectionUrl, w.staffActor.token);
    expect(res.statusCode, res.body).toBe(200);
    keep('inspection-de.pdf', res.rawPayload);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="inspection-report.pdf"');
    expect(res.headers.etag).toMatch(new RegExp(`^"${ids.inspection}-v\\d+"$`));
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const needed of [
      'Inspektionsbericht',
      'Hydraulik Service Nord GmbH',
      'Müller Stahlbau KG',
      'INV-0815',
      '21.11.2026',
      'Sabine Service',
      'Prüfpunkte',
      'Aggregat',
      'HA-250/3',
      'Tank',
      'HLP 46',
      'Ventil',
      '4WE6D62',
      'In Ordnung',
      'Mangel',
      'Nicht geprüft',
      'Ölstand zu niedrig',
      'Anlage läuft wieder störungsfrei.',
      'Foto nicht verfügbar',
      'Befähigte Person',
      'Sabine Service',
    ]) {
      expect(text).toContain(needed);
    }
    expect(text).toMatch(/Seite 1 von \d/);
    expect(text).not.toContain('Entwurf');
    expect(text).not.toMatch(/Noch nicht unterschrieben|Unterschrift nicht verfügbar/);
    expect(await pdfImages(res.rawPayload)).toEqual({ drawn: 3, embedded: 3 }); // logo, photo, signature
    await expectFontsEmbedded(res.rawPayload);
  });

  it('prints a maintenance draft in English, with the work done and the parts replaced', async () => {
    const res = await download(s, maintenanceUrl, w.staffActor.token);
    expect(res.statusCode, res.body).toBe(200);
    keep('maintenance-en-gb.pdf', res.rawPayload);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="maintenance-report.pdf"',
    );
    const text = await pdfText(res.rawPayload);
    for (const needed of [
      'Maintenance report',
      'Draft',
      'Work carried out',
      'Filterelement gewechselt',
      'Filterelement 0160 D 010 BN4HC',
      'Whole machine',
      'Leckage-Kontrolle',
      'Not signed yet',
      'Competent person',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(needed);
    }
    await expectFontsEmbedded(res.rawPayload);
  });

  it("answers the machine's customer, and 404 'no data' to another customer or an unknown id", async () => {
    for (const url of [inspectionUrl, maintenanceUrl]) {
      expect((await download(s, url, tokens.own)).statusCode).toBe(200);
      const foreign = await download(s, url, tokens.foreign);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('no data');
    }
    const unknown = await download(s, `/api/cms/inspection/report/${uuidv7()}`, tokens.own);
    expect(unknown.statusCode).toBe(404);
  });

  it('accepts ?access_token=, refuses no token, and 404s a deleted report', async () => {
    const res = await download(s, maintenanceUrl, tokens.own, true);
    expect(res.statusCode).toBe(200);
    expect((await download(s, maintenanceUrl)).statusCode).toBe(401);
    await ok(w.staff.remove('report/maintenance', ids.maintenance));
    expect((await download(s, maintenanceUrl, w.staffActor.token)).statusCode).toBe(404);
  });
});
