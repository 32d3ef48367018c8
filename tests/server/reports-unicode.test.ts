/**
 * Text outside WinAnsi in a DGUV report: ẞ, Ω, Chinese, Hebrew, Arabic and emoji in
 * a hose code, a finding's comment, the inspector's and the customer's names must come back
 * from the PDF's text layer, drawn with embedded Unicode faces (the PDF's fonts) — not
 * garbled into WinAnsi bytes as Helvetica alone would.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { actor, cms } from '../helpers/cms';
import { tinyPng } from '../helpers/files';
import { pdfFonts } from '../helpers/pdf';
import { startTestServer, type TestServer } from '../helpers/server';
import { dguvSeeder, seedHoses } from './reports-dguv-seed';
import { buildWorld, download, ok, pdfText, type ReportWorld } from './reports-fixture';

const WORDS = ['ẞ', 'Ω', '中文', 'שלום', 'مرحبا', '😀', '🔧'];
const MIXED = 'ẞ Ω 中文 שלום مرحبا 😀 🔧';

describe('DGUV report with text outside WinAnsi', () => {
  let s: TestServer;
  let w: ReportWorld;
  const audit = uuidv7();
  let pipes: string[] = [];
  let answer = '';

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off' });
    w = await buildWorld(s, tinyPng());
    await ok(w.staff.patch('company', w.company, { name: `Kunde ${MIXED}` }));
    pipes = await seedHoses(w, 3);
    await ok(w.staff.patch('machinepart/hosepipe', pipes[1]!, { code: 'ẞΩ-中文-😀' }));
    const { audit: start, check } = dguvSeeder(s, w, pipes);
    const tech = await actor(s, { roles: ['module-dguv'] });
    await start(tech, audit, 'de', `Tom ${MIXED}`);
    answer = await check(tech, audit, 1, ['Verformungen'], '2026-11-20T09:45:00.000Z');
    await ok(cms(s, tech).patch('audit/dguvhosepipeanswer', answer, { comment: MIXED }));
  }, 60_000);
  afterAll(() => s.close());

  it('gives every character back from the text layer and embeds the Unicode faces', async () => {
    const res = await download(s, `/api/cms/audit/dguv/${audit}`, w.staffActor.token);
    expect(res.statusCode, res.body).toBe(200);
    if (process.env.REPORT_PDF_DIR)
      await writeFile(`${process.env.REPORT_PDF_DIR}/dguv-unicode.pdf`, res.rawPayload);
    const text = await pdfText(res.rawPayload);
    for (const word of WORDS) expect(text).toContain(word);
    expect(text).toContain('ẞΩ-中文-😀');
    const fonts = (await pdfFonts(res.rawPayload)).join('\n');
    for (const face of ['DejaVuSans', 'NotoSansSC', 'NotoEmoji', 'Arimo'])
      expect(fonts).toContain(face);
    // Every face is embedded: no reference to a PDF viewer's built-in (Type 1) fonts.
    expect(res.rawPayload.toString('latin1')).not.toContain('/Type1');
    // Only the glyphs used are embedded: the 10 MB Chinese face must not make the PDF heavy.
    expect(res.rawPayload.length).toBeLessThan(400_000);
  });

  it('leaves the same report in German letters to the embedded base face alone (no fallback faces)', async () => {
    await ok(w.staff.patch('company', w.company, { name: 'Müller Stahlbau KG' }));
    await ok(w.staff.patch('machinepart/hosepipe', pipes[1]!, { code: 'SN-00002' }));
    await ok(w.staff.patch('audit/dguvhosepipeanswer', answer, { comment: 'Riss' }));
    await ok(w.staff.patch('audit/dguv', audit, { auditor: 'Tom Techniker' }));
    const res = await download(s, `/api/cms/audit/dguv/${audit}`, w.staffActor.token);
    expect(res.statusCode, res.body).toBe(200);
    const fonts = (await pdfFonts(res.rawPayload)).join('\n');
    expect(fonts).toContain('Arimo');
    expect(fonts).not.toMatch(/DejaVu|Noto|Helvetica/);
    expect(res.rawPayload.toString('latin1')).not.toContain('/Type1');
  });
});
