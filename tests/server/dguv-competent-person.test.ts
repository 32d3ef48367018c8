/**
 * The inspection record's facts (docs/dguv-record.md) through the real server: a hose's
 * installation date, the machine's interval decision, the competent person's profile kept by
 * an administrator, the next due dates — stored in the snapshot at the finish and printed in
 * the PDF, in German and in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { auditSnapshotSchema } from '@domain/schemas/dguv-audit';
import { actor, cms, type Actor } from '../helpers/cms';
import { tinyPng } from '../helpers/files';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { dguvSeeder } from './reports-dguv-seed';
import { buildWorld, download, ok, pdfText, type ReportWorld } from './reports-fixture';

describe.each(testDatabases())('competent person and record facts on $name', ({ env }) => {
  let s: TestServer;
  let w: ReportWorld;
  let tech: Actor;
  const hose = uuidv7();
  const unknownAge = uuidv7();

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    w = await buildWorld(s, tinyPng());
    tech = await actor(s, { roles: ['module-dguv'] });
    // The office keeps the technician's profile.
    await ok(cms(s, tech).query('machine', {})); // signs the technician in once
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/cms/profile',
      headers: { authorization: `Bearer ${w.staffActor.token}` },
      payload: {
        id: tech.id,
        qualification: 'Befähigte Person Hydraulik (TRBS 1203)',
        training: 'Sachkundigen-Lehrgang 2021',
        lastRefresher: '2024-05-10',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ok(
      w.staff.patch('machine', w.machine, {
        dguvInterval: 'YEAR',
        dguvIntervalCritical: 'QUARTER',
        intervalDecidedBy: 'Erika Betreiber',
        intervalBasis: 'RISK_ASSESSMENT',
        intervalDecidedAt: '2025-02-03',
      }),
    );
    for (const [id, code, productionDate, installationDate] of [
      [hose, 'SN-00001', '2024-09-01', '2025-01-15'],
      [unknownAge, 'SN-00002', null, null],
    ] as const) {
      await ok(
        w.staff.create('machinepart/hosepipe', {
          id,
          companyId: w.company,
          machineId: w.machine,
          position: code === 'SN-00001' ? 1 : 2,
          code,
          productionDate,
          installationDate,
        }),
      );
    }
  });
  afterAll(() => s?.close());

  it.each([
    [
      'de',
      [
        'Einbaudatum',
        '15.01.2025',
        '01.09.2024',
        'Erika Betreiber',
        'Gefährdungsbeurteilung',
        '03.02.2025',

        '20.11.2027',
        'Befähigte Person Hydraulik (TRBS 1203)',

        'sofort fällig',
      ],
    ],
    [
      'fr',
      [
        'Date de montage',
        '15/01/2025',
        '01/09/2024',
        'Erika Betreiber',
        'Évaluation des risques',
        '03/02/2025',

        '20/11/2027',
        'Befähigte Person Hydraulik (TRBS 1203)',

        'à contrôler immédiatement',
      ],
    ],
  ])('keeps and prints the record facts in %s', async (locale, expected) => {
    const auditId = uuidv7();
    const { audit, check, finish } = dguvSeeder(s, w, [hose]);
    await audit(tech, auditId, locale, 'Tom Techniker');
    await check(tech, auditId, 0, ['OK'], new Date().toISOString());
    await finish(tech, auditId, 'Tom Techniker');
    const row = JSON.parse((await ok(cms(s, tech).read('audit/dguv', auditId))).body);
    const snapshot = auditSnapshotSchema.parse((row.data ?? row).snapshot);
    expect(snapshot.hoses.find((h) => h.id === hose)?.installationDate).toBe('2025-01-15');
    expect(snapshot.competentPerson).toEqual({
      qualification: 'Befähigte Person Hydraulik (TRBS 1203)',
      training: 'Sachkundigen-Lehrgang 2021',
      lastRefresher: '2024-05-10',
    });
    expect(snapshot.intervalDecision).toEqual({
      decidedBy: 'Erika Betreiber',
      basis: 'RISK_ASSESSMENT',
      decidedAt: '2025-02-03',
    });
    // The audit starts 2026-11-20; the hose is normal (yearly); the other was never checked.
    expect(snapshot.nextDue).toEqual({
      machine: null,
      hoses: { [hose]: '2027-11-20', [unknownAge]: null },
    });
    const pdf = await download(s, `/api/cms/audit/dguv/${auditId}`, tech.token);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const piece of expected) expect(text, piece).toContain(piece);
  });
});
