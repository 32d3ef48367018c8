/**
 * Lighthouse: the app as `npm start` serves it — a production build, the real
 * server with demo data on a free port — audited with npm `lighthouse` in Debian's Chromium,
 * mobile preset (Lighthouse's default: a phone's screen, simulated slow 4G and CPU) with the CPU
 * slowdown calibrated to this machine, so that every host audits the same phone-class CPU
 * (bench/phone-cpu.ts; the default 4× on a slower host would emulate a slower phone). Pages:
 * the sign-in page (signed out), the dashboard and a machine's hose list (signed in as the
 * demo customer user). Playwright signs in through the real login form in a persistent
 * profile; Lighthouse then connects to the same browser (remote-debugging port) and keeps its
 * storage (`disableStorageReset`), so it audits the signed-in app.
 * Budgets: performance ≥ 95, accessibility 100, best practices 100, each the median of
 * LIGHTHOUSE_RUNS runs (3; Lighthouse's advice for a noisy machine, as this shared one is).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { loadConfig } from '../server/src/config';
import { buildApp } from '../server/src/app';
import { report } from './bench-server';
import { checkBudget } from './budget';
import { hostBenchmarkIndex, phoneSlowdown, PHONE_BENCHMARK_INDEX } from './phone-cpu';
import { freePort } from '../tests/fixtures/free-port';
import { signInAsCustomer } from './sign-in';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATEGORIES = {
  performance: { min: 95 },
  accessibility: { min: 100 },
  'best-practices': { min: 100 },
} as const;

const work = mkdtempSync(path.join(tmpdir(), 'sm-lighthouse-'));
const distDir = path.join(work, 'dist');
await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'error',
  // Unminified for LIGHTHOUSE_CPU_PROFILE (below): the samples then name the app's functions.
  build: { outDir: distDir, emptyOutDir: true, minify: process.env.LIGHTHOUSE_CPU_PROFILE !== '1' },
});
const port = await freePort();
const base = `http://localhost:${port}`;
const config = loadConfig({
  PORT: String(port),
  DATA_DIR: path.join(work, 'data'),
  DIST_DIR: distDir,
  PUBLIC_URL: base,
  LOG_LEVEL: 'silent',
});
const server = await buildApp(config, { logger: false });
await server.app.listen({ port, host: '127.0.0.1' });
const debugPort = await freePort();
const context = await chromium.launchPersistentContext(path.join(work, 'profile'), {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  locale: 'de-DE',
});

const hostIndex = await hostBenchmarkIndex(context.pages()[0] ?? (await context.newPage()));
const slowdown = phoneSlowdown(hostIndex);
report('lighthouse-cpu-slowdown', slowdown, '×');
console.log(`  (host BenchmarkIndex ${hostIndex} ÷ the phone's ${PHONE_BENCHMARK_INDEX})`);

// Lighthouse's own advice for a noisy machine: the median of several runs (default 3).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// LIGHTHOUSE_PAGES (comma-separated: login, dashboard, hose-list) audits only those pages.
const PAGES = new Set(
  (process.env.LIGHTHOUSE_PAGES ?? 'login,dashboard,hose-list').split(',').map((p) => p.trim()),
);

async function auditOnce(name: string, url: string, signedIn: boolean, run: number) {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(CATEGORIES),
    disableStorageReset: signedIn,
    // Lighthouse's mobile throttling, but a phone of the same speed on every host.
    throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
    // LIGHTHOUSE_CPU_PROFILE=1 adds the JavaScript samples to the kept trace (where a long task's
    // time went); the sampling itself costs time, so not for figures.
    ...(process.env.LIGHTHOUSE_CPU_PROFILE === '1'
      ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
      : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_REPORT_DIR keeps each run's full report and trace (JSON) for a closer look.
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, `${name}-${run}.json`), JSON.stringify(lhr));
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace)
      writeFileSync(path.join(reportDir, `${name}-${run}.trace.json`), JSON.stringify(trace));
  }
  return lhr;
}

const scoreOf = (lhr: Awaited<ReturnType<typeof auditOnce>>, id: string) =>
  Math.round((lhr.categories[id]?.score ?? 0) * 100);

async function audit(name: string, url: string, signedIn: boolean) {
  if (!PAGES.has(name)) return;
  const runs = [];
  for (let run = 1; run <= RUNS; run++) runs.push(await auditOnce(name, url, signedIn, run));
  console.log(`lighthouse ${name}: ${url} → ${runs[0]?.finalDisplayedUrl}`);
  for (const [id, bound] of Object.entries(CATEGORIES)) {
    const sorted = [...runs].sort((a, b) => scoreOf(a, id) - scoreOf(b, id));
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const score = scoreOf(lhr, id);
    const category = lhr.categories[id];
    console.log(`  ${id}: ${runs.map((r) => scoreOf(r, id)).join(' / ')} → median ${score}`);
    if (score < bound.min && category) {
      // What cost the points in the median run, so a miss says where to look.
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} ${lhr.audits[ref.id]?.displayValue ?? ''}`.trim());
      console.log(`  ${id} below ${bound.min}: ${failing.join('; ')}`);
    }
    checkBudget(`lighthouse-${name}-${id}`, score, 'points', bound);
  }
}

try {
  // Signed out: the app's sign-in route (it hands over to the identity provider's form).
  await audit('login', `${base}/auth/login`, false);

  const page = context.pages()[0] ?? (await context.newPage());
  await signInAsCustomer(page, base);
  // The customer's machines, then the first machine's hoses.
  const machines = page.locator('a[href$="/machine"]').first();
  await machines.waitFor();
  await machines.click();
  const card = page.getByTestId('machine-card').first();
  await card.waitFor();
  const machineHref = await card.getAttribute('href');
  if (!machineHref) throw new Error('no demo machine to audit');
  // Let the first sync finish its writes before the audits.
  await page.waitForTimeout(2000);

  await audit('dashboard', `${base}/`, true);
  await audit('hose-list', `${base}${machineHref}/parts/pipes`, true);
} finally {
  await context.close();
  await server.app.close();
  rmSync(work, { recursive: true, force: true });
}
