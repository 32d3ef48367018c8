/**
 * Images are measured before they are trusted (docs/operations-limits.md): an upload over 40
 * megapixels is refused from its header, and the DGUV report draws photos from a bounded copy
 * — an image "bomb" stored before the limit existed costs the report no memory, and a large
 * accepted PNG is drawn from a copy of at most 1600 pixels a side, made once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { DGUV_FINDINGS } from '@domain/schemas/dguv-answer';
import { insertFile } from '@server/modules/files/files.repository';
import { actor, cms } from '../helpers/cms';
import { hugePng, multipart, tinyPng } from '../helpers/files';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { dguvSeeder, seedHoses } from './reports-dguv-seed';
import { buildWorld, download, ok, pdfText, upload, type ReportWorld } from './reports-fixture';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The process's peak resident memory (MB) since the last `resetPeak()`. */
const peakMb = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
const rssMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');

/** The bound this test states for one report request over its photos. */
const REPORT_PEAK_MB = 200;

let bomb: Buffer; // 20 000 × 20 000 = 400 megapixels, under 1 MB
let large: Buffer; // 7 000 × 5 000 = 35 megapixels: accepted, drawn from a copy

beforeAll(async () => {
  bomb = await hugePng(20_000, 20_000);
  large = await hugePng(7_000, 5_000, 2_000);
}, 120_000);

describe.each(testDatabases())('image limits on $name', ({ env }) => {
  let s: TestServer;
  let w: ReportWorld;
  const audit = uuidv7();
  let answer = '';
  let largeId = '';

  beforeAll(async () => {
    s = await startTestServer({ DEMO_DATA: 'off', ...env });
    w = await buildWorld(s, tinyPng());
    const pipes = await seedHoses(w, 2);
    const { audit: start, check, finish } = dguvSeeder(s, w, pipes);
    const tech = await actor(s, { roles: ['module-dguv'] });
    await start(tech, audit, 'de', 'Tom Techniker');
    answer = await check(tech, audit, 0, [DGUV_FINDINGS[0]], '2026-11-20T09:45:00.000Z');
    largeId = await upload(s, tech, 'audit/dguvhosepipeanswer', answer, {
      bytes: large,
      name: 'gross.png',
      type: 'image/png',
    });
    // The bomb as a file stored before uploads were measured: written straight to the store.
    const bombId = uuidv7();
    await s.app.fileStore!.blobs.put(`${w.company}/${bombId}`, bomb);
    const now = new Date().toISOString();
    await insertFile(s.db.kysely, {
      id: bombId,
      companyId: w.company,
      entity: 'dguvAnswer',
      entityId: answer,
      name: 'bombe.png',
      mimeType: 'image/png',
      size: bomb.length,
      sha256: 'x'.repeat(64),
      storagePath: `${w.company}/${bombId}`,
      createdBy: tech.id,
      createdAt: now,
      boundAt: now,
      deletedAt: null,
    });
    await ok(
      cms(s, tech).patch('audit/dguvhosepipeanswer', answer, { photoIds: [largeId, bombId] }),
    );
    await finish(tech, audit, 'Tom Techniker');
  }, 180_000);
  afterAll(() => s.close());

  it('refuses an upload over 40 megapixels from its header, with a translatable message', async () => {
    const tech = await actor(s, { roles: ['module-dguv'] });
    const { payload, headers } = multipart([
      { name: 'file', value: bomb, filename: 'bombe.png', type: 'image/png' },
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/cms/audit/dguvhosepipeanswer/${answer}/file`,
      payload,
      headers: { ...headers, authorization: `Bearer ${tech.token}` },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'image_too_large',
      message: 'validation:imageTooLarge',
    });
  });

  it(`prints the report within +${REPORT_PEAK_MB} MB: a copy for the large photo, a placeholder for the bomb`, async () => {
    const before = rssMb();
    resetPeak();
    const res = await download(s, `/api/cms/audit/dguv/${audit}`, w.staffActor.token);
    const peak = peakMb();
    expect(res.statusCode, res.body).toBe(200);
    expect(peak - before).toBeLessThan(REPORT_PEAK_MB);
    expect(await pdfText(res.rawPayload)).toContain('Foto nicht verfügbar');
    // The large photo is drawn from its copy, at most 1600 pixels a side, kept for next time.
    const dir = mkdtempSync(path.join(tmpdir(), 'sm-img-'));
    const pdf = path.join(dir, 'r.pdf');
    writeFileSync(pdf, res.rawPayload);
    const { stdout } = await run('pdfimages', ['-list', pdf]).finally(() =>
      rmSync(dir, { recursive: true, force: true }),
    );
    const sizes = stdout
      .trim()
      .split('\n')
      .slice(2)
      .map((r) => r.trim().split(/\s+/).slice(3, 5).map(Number));
    expect(sizes).toContainEqual([1400, 1000]);
    for (const [width = 0, height = 0] of sizes)
      expect(Math.max(width, height)).toBeLessThanOrEqual(1600);
    const copy = await s.app.fileStore!.blobs.stat(`${w.company}/${largeId}.report.png`);
    expect(copy?.size).toBeLessThan(1024 * 1024);
  }, 120_000);
});
