/**
 * Reading hose markings on the device: the app's recognition (tesseract.js from our origin,
 * src/features/marking/ocr.ts) in Chromium slowed to a phone-class CPU (bench/phone-cpu.ts),
 * over photos of 32 markings in real formats (tests/fixtures/marking-images.ts). Figures:
 * - the first read, engine and data loaded on first use (what the first "Read marking" waits);
 * - time per photo once loaded: median and slowest, budget ≤ 3 s each;
 * - photos whose production date, DN, pressure and type all came out right: ≥ 90 %;
 * - the download a device adds on its first read (worker, its core, the trained data; gzip as
 *   the server sends them).
 */
import { statSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { report } from './bench-server';
import { checkBudget } from './budget';
import { openBenchPage } from './browser-harness';
import {
  hostBenchmarkIndex,
  phoneSlowdown,
  PHONE_BENCHMARK_INDEX,
  throttleToPhone,
} from './phone-cpu';
import { ocrAssets, ocrFiles } from '../scripts/vite-ocr-assets';

const bench = await openBenchPage({
  html: 'ocr.html',
  plugins: [ocrAssets()],
  ready: (p) => p.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady),
});
const { page } = bench;
try {
  const hostIndex = await hostBenchmarkIndex(page);
  const slowdown = phoneSlowdown(hostIndex);
  await throttleToPhone(page, slowdown);
  report('ocr-cpu-slowdown', slowdown, '×');
  console.log(`  (host BenchmarkIndex ${hostIndex} ÷ the phone's ${PHONE_BENCHMARK_INDEX})`);
  const first = await page.evaluate(() =>
    (window as unknown as { benchWarm: () => Promise<number> }).benchWarm(),
  );
  const runs = await page.evaluate(() =>
    (
      window as unknown as {
        benchRun: () => Promise<{ text: string; read: string; ms: number; right: boolean }[]>;
      }
    ).benchRun(),
  );
  for (const r of runs.filter((r) => !r.right))
    console.log(`  misread: "${r.text}" → "${r.read.replace(/\s+/g, ' ')}"`);
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const right = runs.filter((r) => r.right).length;
  // The device's first read: one of the three cores (by its CPU), the worker, the data.
  const files = ocrFiles();
  const gz = (name: string) => gzipSync(readFileSync(files[name]!)).length;
  const download =
    gz('worker.min.js') +
    gz('tesseract-core-simd-lstm.wasm.js') +
    statSync(files['eng.traineddata.gz']!).size;
  report(
    'ocr-first-read',
    Math.round(first),
    'ms',
    undefined,
    'engine and data loaded on first use, phone CPU',
  );
  report('ocr-per-photo-median', Math.round(times[Math.floor(times.length / 2)]!), 'ms');
  checkBudget(
    'ocr-per-photo-max',
    Math.round(times[times.length - 1]!),
    'ms',
    { max: 3000 },
    `${runs.length} photos, phone CPU`,
  );
  checkBudget(
    'ocr-fields-right',
    Math.round((right / runs.length) * 1000) / 10,
    '%',
    { min: 90 },
    `${right} of ${runs.length} photos: date, DN, pressure, type`,
  );
  report(
    'ocr-first-use-download',
    Math.round(download / 1024),
    'kB',
    undefined,
    'gzip, only on the first read',
  );
} finally {
  await bench.close();
}
