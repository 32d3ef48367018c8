/**
 * Hose labels PDF through the real server: every hose code in the text layer, each
 * QR code decoding (rendered, cropped by the layout, jsQR) to `${PUBLIC_URL}/h/{code}`, the
 * next due date by the DGUV rule, both formats, a chosen subset, and the same visibility as
 * reading the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { hoseLink } from '@domain/rules/hose-link';
import { labelsPath } from '@domain/schemas/labels';
import { actor, STAFF_ALL } from '../helpers/cms';
import { decodeLabelQrs } from '../helpers/label-qr';
import { tinyPng } from '../helpers/files';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import {
  buildWorld,
  download,
  expectFontsEmbedded,
  ok,
  pdfPages,
  pdfText,
  type ReportWorld,
} from './reports-fixture';

const PUBLIC_URL = 'https://schlauch.example.test';
/** 26 hoses: more than one A4 sheet (24). Odd codes too: Unicode, a slash, a long one. */
const CODES = Array.from({ length: 26 }, (_, i) =>
  i === 3
    ? 'ÄÖ-Ω 7'
    : i === 4
      ? 'SN/Halle 3-01'
      : i === 5
        ? 'HYDRAULIK1-000060'
        : `SN-${String(i + 1).padStart(6, '0')}`,
);

describe.each(testDatabases())('hose labels on $name', ({ env }) => {
  let s: TestServer;
  let w: ReportWorld;
  let pipes: string[] = [];
  const tokens = { staff: '', own: '', foreign: '' };
  const url = (query: string) => `${labelsPath(w.machine)}?${query}`;

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', PUBLIC_URL, ...env });
    w = await buildWorld(s, tinyPng());
    tokens.staff = w.staffActor.token;
    tokens.own = (await actor(s, { customer: w.company })).token;
    tokens.foreign = (await actor(s, { customer: w.other })).token;
    pipes = CODES.map(() => uuidv7());
    // Created in reverse: the labels follow the positions, not the order of creation.
    for (const i of [...CODES.keys()].reverse()) {
      await ok(
        w.staff.create('machinepart/hosepipe', {
          id: pipes[i],
          companyId: w.company,
          machineId: w.machine,
          position: i + 1,
          code: CODES[i],
          isCritical: i === 1,
          ...(i === 0 ? { installationDate: '2026-03-15' } : {}),
        }),
      );
    }
    // A deleted hose prints no label.
    const gone = uuidv7();
    await ok(
      w.staff.create('machinepart/hosepipe', {
        id: gone,
        companyId: w.company,
        machineId: w.machine,
        position: 99,
        code: 'SN-GONE',
      }),
    );
    await ok(w.staff.remove('machinepart/hosepipe', gone));
    // Hoses 1 (normal: a year) and 2 (critical: half a year) were checked on 2026-11-20.
    const audit = uuidv7();
    await ok(
      w.staff.create('audit/dguv', {
        id: audit,
        companyId: w.company,
        machineId: w.machine,
        startDate: '2026-11-20 09:30:00',
        auditor: 'Sabine Service',
        auditorUserId: 'x',
        performedAt: new Date().toISOString(),
      }),
    );
    for (const i of [0, 1]) {
      await ok(
        w.staff.create('audit/dguvhosepipeanswer', {
          id: uuidv7(),
          companyId: w.company,
          auditId: audit,
          pipeId: pipes[i],
          answer: ['OK'],
          protectionRecommended: false,
          replaceHose: false,
          // No production date recorded: the check says how the age was judged.
          comment: 'Alter nach Schlauchaufdruck beurteilt',
          performedAt: new Date().toISOString(),
        }),
      );
    }
  }, 60_000);
  afterAll(() => s.close());

  it('prints every live hose of the machine on A4 sheets, each QR linking to the hose', async () => {
    const res = await download(s, url('format=a4-3x8&lang=de'), tokens.staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(await pdfPages(pdf)).toBe(2);
    const text = await pdfText(pdf);
    for (const code of CODES) expect(text).toContain(code);
    expect(text).not.toContain('SN-GONE');
    expect(text).toContain('Pos. 26');
    // The installation date above the due date, where one is recorded (one hose here).
    expect(text.match(/Einbau 15\.03\.2026/g)).toHaveLength(1);
    expect(text.match(/Einbau/g)).toHaveLength(1);
    expect(text).toContain('LH 22 Industry (INV-0815)');
    // The one DGUV rule: a year for a normal hose, half a year for a critical one.
    expect(text).toContain('20.11.2027');
    expect(text).toContain('20.05.2027');
    expect(text).toContain('Prüfung fällig');
    const decoded = await decodeLabelQrs(pdf, 'a4-3x8', CODES.length);
    expect(decoded).toEqual(CODES.map((code) => hoseLink(PUBLIC_URL, code)));
    expect(decoded[3]).toBe(`${PUBLIC_URL}/h/%C3%84%C3%96-%CE%A9%207`);
    await expectFontsEmbedded(pdf);
  });

  it('prints the chosen hoses one per page on the 62 mm roll, in the language asked for', async () => {
    const res = await download(
      s,
      url(`format=roll-62&lang=en-gb&pipe=${pipes[1]}&pipe=${pipes[4]}`),
      tokens.own,
    );
    expect(res.statusCode, res.body).toBe(200);
    const pdf = res.rawPayload;
    expect(await pdfPages(pdf)).toBe(2);
    const text = await pdfText(pdf);
    expect(text).toContain(CODES[1]);
    expect(text).toContain(CODES[4]);
    expect(text).not.toContain(CODES[0]);
    expect(text).toContain('Next inspection');
    expect(text).toContain('20/05/2027');
    await expectFontsEmbedded(pdf);
    expect(await decodeLabelQrs(pdf, 'roll-62', 2)).toEqual([
      hoseLink(PUBLIC_URL, CODES[1] ?? ''),
      hoseLink(PUBLIC_URL, CODES[4] ?? ''),
    ]);
  });

  it('refuses another customer, strangers and malformed requests', async () => {
    const foreign = await download(s, url('format=a4-3x8'), tokens.foreign);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).not.toBe('application/pdf');
    expect((await download(s, url('format=a4-3x8'))).statusCode).toBe(401);
    expect((await download(s, url('format=a5'), tokens.staff)).statusCode).toBe(400);
    expect((await download(s, url('pipe=not-an-id'), tokens.staff)).statusCode).toBe(400);
    // A hose of no machine of the caller's: nothing to print.
    expect((await download(s, url(`pipe=${uuidv7()}`), tokens.staff)).statusCode).toBe(404);
    const other = await actor(s, { roles: STAFF_ALL });
    expect((await download(s, `${labelsPath(uuidv7())}`, other.token)).statusCode).toBe(404);
  });
});
