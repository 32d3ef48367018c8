/**
 * The DGUV report PDF (docs/api.md GET audit/dguv/{id}) through the real server: a finished
 * German audit over 60 hoses with findings, a photo, a missing photo and a signature, and a
 * running French one — read back with tests/helpers/pdf.ts.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { reportNumber } from '@domain/rules/report-number';
import { DGUV_FINDINGS } from '@domain/schemas/dguv-answer';
import { actor, cms } from '../helpers/cms';
import { tinyJpeg, tinyPng } from '../helpers/files';
import { code, dguvSeeder, seedHoses } from './reports-dguv-seed';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import {
  buildWorld,
  download,
  expectFontsEmbedded,
  ok,
  pdfImages,
  pdfPages,
  pdfText,
  upload,
  type ReportWorld,
} from './reports-fixture';

const HOSES = 60;
const OK_COMMENT = 'Leichte Scheuerspuren beobachten';
const OK_REASON = 'Risikobeurteilung liegt vor';
/** The French criteria as the rule words them (read across line breaks). */
const FR_FINDINGS = [
  'Endommagement de la couche extérieure jusqu’à l’armature (p. ex. abrasions, coupures ou fissures)',
  'Endommagement ou déformation du raccord qui compromet l’étanchéité – de légers dommages de surface ne justifient pas le remplacement',
  'Durées de stockage et d’utilisation dépassées – critère de remplacement : remplacer, sauf prolongation documentée',
];

describe.each(testDatabases())('DGUV report on $name', ({ env }) => {
  let s: TestServer;
  let w: ReportWorld;
  let pipes: string[] = [];
  const auditDe = uuidv7();
  const auditFr = uuidv7();
  const tokens = { own: '', foreign: '' };
  /** A photo the record names whose bytes have not arrived (yet). */
  const latePhoto = uuidv7();
  let firstAnswer = '';
  const url = (id: string) => `/api/cms/audit/dguv/${id}`;

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    w = await buildWorld(s, tinyPng());
    tokens.own = (await actor(s, { customer: w.company })).token;
    tokens.foreign = (await actor(s, { customer: w.other })).token;
    pipes = await seedHoses(w, HOSES);
    const { audit, check, finish } = dguvSeeder(s, w, pipes);
    const techDe = await actor(s, { roles: ['module-dguv'] });
    await audit(techDe, auditDe, 'de', 'Tom Techniker');
    const t0 = '2026-11-20T09:31:00.000Z';
    const t1 = '2026-11-20T09:45:00.000Z';
    await check(techDe, auditDe, 10, ['Verformungen'], t0); // corrected below
    const answers: string[] = [];
    for (let i = 0; i < HOSES; i++) {
      // Each finding once (the illegible marking, the tenth, on hose 11), two on hose 9.
      const values =
        i < 9
          ? [DGUV_FINDINGS[i]!]
          : i === 9
            ? [DGUV_FINDINGS[0], DGUV_FINDINGS[3]]
            : i === 11
              ? [DGUV_FINDINGS[9]!]
              : ['OK'];
      answers.push(await check(techDe, auditDe, i, values, t1));
    }
    const photo = await upload(s, techDe, 'audit/dguvhosepipeanswer', answers[0]!, {
      bytes: tinyJpeg(),
      name: 'schaden.jpg',
      type: 'image/jpeg',
    });
    await ok(
      cms(s, techDe).patch('audit/dguvhosepipeanswer', answers[0]!, {
        photoIds: [photo, latePhoto],
      }),
    );
    await ok(cms(s, techDe).patch('audit/dguvhosepipeanswer', answers[1]!, { photoIds: [photo] }));
    firstAnswer = answers[0]!;
    // Notes on hoses rated OK belong to the record as well.
    await ok(
      cms(s, techDe).patch('audit/dguvhosepipeanswer', answers[20]!, { comment: OK_COMMENT }),
    );
    await ok(
      cms(s, techDe).patch('audit/dguvhosepipeanswer', answers[21]!, {
        replaceHoseComment: OK_REASON,
      }),
    );
    await finish(techDe, auditDe, 'Tom Techniker');

    const techFr = await actor(s, { roles: ['module-dguv'] });
    await audit(techFr, auditFr, 'fr', 'Jeanne Dupont');
    await check(techFr, auditFr, 0, [DGUV_FINDINGS[0]], t1);
    await check(techFr, auditFr, 1, [DGUV_FINDINGS[4]], t1);
    await check(techFr, auditFr, 2, [DGUV_FINDINGS[8]], t1);
  }, 120_000);
  afterAll(() => s.close());

  /** `REPORT_PDF_DIR=<dir>` keeps the PDFs for a look. */
  const keep = (name: string, pdf: Buffer) => {
    if (process.env.REPORT_PDF_DIR) writeFileSync(`${process.env.REPORT_PDF_DIR}/${name}`, pdf);
  };

  it('sends a paginated German PDF with every hose, finding, heading and the inspector', async () => {
    const res = await download(s, url(auditDe), w.staffActor.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="dguv-report.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(new RegExp(`^"${auditDe}-v\\d+"$`));
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    keep(`dguv-de-${env.DATABASE_URL ? 'pg' : 'sqlite'}.pdf`, res.rawPayload);
    const text = await pdfText(res.rawPayload);
    for (let i = 0; i < HOSES; i++) expect(text).toContain(code(i));
    for (const finding of DGUV_FINDINGS) expect(text).toContain(finding);
    for (const needed of [
      'Prüfprotokoll Schlauchleitungen nach DGUV Regel 113-020',
      'Art und Umfang der Prüfung',
      'Sichtprüfung nach DGUV Regel 113-020 Anhang 1 / DIN 20066',
      'Anlass',
      'Wiederkehrende Prüfung',
      'Prüfdatum',
      '20.11.2026',
      'Tom Techniker',
      'Befähigte Person',
      'Zusammenfassung',
      '60 von 60',
      'Mängelbericht',
      'Befund an SN-00001',
      'Hinweise zu Schlauchleitungen in Ordnung',
      OK_COMMENT,
      OK_REASON,
      'Vor nächster Schicht tauschen',
      'Foto nicht verfügbar',
      'Status: Freigabe ausstehend',
      'Hydraulik Service Nord GmbH',
      'Müller Stahlbau KG',
      'K-4711',
      'Werkstraße 7, 28195 Bremen',
      'Liebherr',
      'INV-0815',
      'Halle 3',
      `Bericht-Nr. ${reportNumber('2026-11-20', auditDe)}`,
    ]) {
      expect(text).toContain(needed);
    }
    // The criteria as DGUV Regel 113-020 words them (long: read across line breaks), and the
    // documented extension behind OK past the service life.
    const flat = text.replace(/\s+/g, ' ');
    for (const needed of [
      'Verformungen, die der natürlichen Form nicht entsprechen (drucklos, unter Druck oder bei Biegung), z. B. Schichtentrennung, Blasenbildung, Quetsch- oder Knickstellen',
      'Beschädigung oder Deformation der Schlaucharmatur, die die Dichtfunktion beeinträchtigt – geringe Oberflächenschäden sind kein Grund zum Austausch',
      'Korrosion der Armatur, die Funktion und Festigkeit mindert',
      'Lagerzeiten und Verwendungsdauer überschritten – Austauschkriterium: austauschen, sofern keine dokumentierte Verlängerung',
      'Dokumentierte Verlängerung',
      'Gefährdungsbeurteilung GB-7 liegt vor',
    ]) {
      expect(flat).toContain(needed);
    }
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text).not.toContain('Entwurf');
    expect(text).not.toMatch(/Noch nicht unterschrieben|Unterschrift nicht verfügbar/);
    // The logo, the photo that exists (on two hoses: embedded once) and the signature.
    expect(await pdfImages(res.rawPayload)).toEqual({ drawn: 4, embedded: 3 });
    await expectFontsEmbedded(res.rawPayload);
  });

  it('prints a running audit in its own language (French) with the draft marker', async () => {
    const res = await download(s, url(auditFr), w.staffActor.token);
    expect(res.statusCode, res.body).toBe(200);
    keep('dguv-fr-draft.pdf', res.rawPayload);
    const text = await pdfText(res.rawPayload);
    for (const needed of [
      "Procès-verbal d'inspection des flexibles selon la règle DGUV 113-020",
      "Nature et étendue de l'inspection",
      'Inspection périodique',
      'Brouillon',
      'Personne compétente',
      'Jeanne Dupont',
      '3 sur 60',
      'Page 1 sur',
    ]) {
      expect(text).toContain(needed);
    }
    for (const needed of FR_FINDINGS) expect(text.replace(/\s+/g, ' ')).toContain(needed);
    for (let i = 0; i < 3; i++) expect(text).toContain(code(i));
    expect(text).not.toContain(DGUV_FINDINGS[0]);
  });

  it("gives the PDF to the audit's customer, and 404 'no data' to another customer", async () => {
    const own = await download(s, url(auditDe), tokens.own);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foreign = await download(s, url(auditDe), tokens.foreign);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('no data');
    expect((await download(s, url(uuidv7()), tokens.own)).statusCode).toBe(404);
  });

  it('accepts ?access_token= and refuses a call without a token', async () => {
    const res = await download(s, url(auditDe), tokens.own, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const none = await download(s, url(auditDe));
    expect(none.statusCode).toBe(401);
  });

  it('leaves the generic file call of audit/dguv alone, answers 304 when approved and unchanged, 404 when deleted', async () => {
    const file = await download(s, '/api/cms/audit/dguv/file', w.staffActor.token);
    expect(file.statusCode).toBe(404);
    expect(file.json().message).toBe('file not found');
    // Approval waits for every file the record names (docs/dguv-record.md)…
    const early = await w.staff.patch('audit/dguv', auditDe, { state: 'APPROVED' });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe('audit_files_pending');
    // …whose late bytes the finished audit still takes, under the id it names.
    await upload(s, w.staffActor, 'audit/dguvhosepipeanswer', firstAnswer, {
      bytes: tinyPng(),
      name: 'spaet.png',
      type: 'image/png',
      id: latePhoto,
    });
    await ok(w.staff.patch('audit/dguv', auditDe, { state: 'APPROVED' }));
    const first = await download(s, url(auditDe), w.staffActor.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    // Approved: the state in the screen's word, who approved it and when (Berlin time).
    const approvedText = await pdfText(first.rawPayload);
    expect(approvedText).toContain('Status: Freigegeben');
    expect(approvedText).toMatch(/Freigabe\s+Tom Techniker, \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    const again = await s.app.inject({
      method: 'GET',
      url: url(auditDe),
      headers: {
        authorization: `Bearer ${w.staffActor.token}`,
        'if-none-match': first.headers.etag as string,
      },
    });
    expect(again.statusCode).toBe(304);
    await ok(w.staff.remove('audit/dguv', auditFr));
    expect((await download(s, url(auditFr), w.staffActor.token)).statusCode).toBe(404);
  });
});
