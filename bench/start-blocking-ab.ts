/**
 * Compares two builds' signed-in start (dashboard and hose list) by the blocking time
 * Lighthouse's phone would count, with less noise than Lighthouse's own runs: each build on its
 * own server and Chromium profile (signed in as the demo customer, service worker installed,
 * warmed by four loads), then K loads of each page, the builds taking turns, each traced
 * without CPU profiling. Per load: the main thread's tasks of 10 ms and more from the
 * navigation on (Lighthouse's simulation drops shorter ones, and its simulated first paint
 * comes before most of the start's work, docs/performance.md "The first screen"), each
 * × R − 50 ms; also those after the real first contentful paint only. Prints each load's
 * figure and the median per build and page. Not a benchmark with a budget: a tool for one
 * sitting.
 *
 *   npx vite build --outDir /tmp/a   (the other build likewise, e.g. in a git worktree)
 *   DIST_A=/tmp/a DIST_B=/tmp/b npx tsx bench/start-blocking-ab.ts
 *
 * K (default 6) loads per build and page, R (default 9) the slowdown, PAGES=dashboard to
 * load only that page. The current server code serves both builds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { loadConfig } from '../server/src/config';
import { buildApp } from '../server/src/app';
import { freePort } from '../tests/fixtures/free-port';
import { signInAsCustomer } from './sign-in';

const R = Number(process.env.R ?? 9);
const K = Number(process.env.K ?? 6);
const PAGES = process.env.PAGES?.split(',');
const work = mkdtempSync(path.join(tmpdir(), 'sm-start-ab-'));

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args: { name?: string };
}

async function openBuild(name: string, dist: string | undefined) {
  if (!dist) throw new Error(`DIST_${name} names no build`);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: path.join(work, `${name}-data`),
    DIST_DIR: dist,
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
  });
  const server = await buildApp(config, { logger: false });
  await server.app.listen({ port, host: '127.0.0.1' });
  const context = await chromium.launchPersistentContext(path.join(work, `${name}-profile`), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    locale: 'de-DE',
    viewport: { width: 412, height: 823 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await signInAsCustomer(page, base);
  const machines = page.locator('a[href$="/machine"]').first();
  await machines.waitFor();
  await page.goto(base + (await machines.getAttribute('href')));
  const card = page.getByTestId('machine-card').first();
  await card.waitFor();
  const urls = {
    dashboard: `${base}/`,
    'hose-list': `${base}${await card.getAttribute('href')}/parts/pipes`,
  };
  for (const url of [urls.dashboard, urls['hose-list'], urls.dashboard, urls['hose-list']]) {
    await page.goto(url);
    await page.waitForTimeout(2500);
  }
  return {
    name,
    context,
    page,
    urls,
    close: async () => {
      await context.close();
      await server.app.close();
    },
  };
}

/** One traced load of `url`: the Lantern-like blocking time and the count of such tasks. */
async function tracedLoad(context: BrowserContext, page: Page, url: string) {
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d: { value: unknown[] }) =>
    events.push(...(d.value as TraceEvent[])),
  );
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    },
  });
  await page.goto(url);
  await page.waitForTimeout(5000);
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').pop();
  if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && e.pid === fcp.pid,
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  // The navigation's own commit (the document and its window made) is no task of the app's.
  const commit = events.find(
    (e) => e.pid === main.pid && e.name === 'DocumentLoader::CommitNavigation',
  );
  const start = commit ? commit.ts + (commit.dur ?? 0) : 0;
  const long = events.filter(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.name === 'RunTask' &&
      (e.dur ?? 0) >= 10_000 &&
      e.ts >= start,
  );
  const blockingOf = (tasks: TraceEvent[]) =>
    Math.round(tasks.reduce((sum, t) => sum + Math.max(0, ((t.dur ?? 0) / 1000) * R - 50), 0));
  const afterPaint = long.filter((e) => e.ts >= fcp.ts);
  return {
    blocking: blockingOf(long),
    tasks: long.length,
    afterPaint: blockingOf(afterPaint),
  };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const builds = [await openBuild('A', process.env.DIST_A), await openBuild('B', process.env.DIST_B)];
try {
  const results = new Map<string, { blocking: number[]; tasks: number[]; afterPaint: number[] }>();
  for (let i = 0; i < K; i++) {
    for (const build of i % 2 ? [...builds].reverse() : builds) {
      for (const [page, url] of Object.entries(build.urls)) {
        if (PAGES && !PAGES.includes(page)) continue;
        const r = await tracedLoad(build.context, build.page, url);
        const key = `${page} ${build.name}`;
        const entry = results.get(key) ?? { blocking: [], tasks: [], afterPaint: [] };
        entry.blocking.push(r.blocking);
        entry.tasks.push(r.tasks);
        entry.afterPaint.push(r.afterPaint);
        results.set(key, entry);
      }
    }
  }
  for (const [key, r] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${key}: blocking median ${median(r.blocking)} ms [${r.blocking.join(' ')}], ` +
        `tasks ≥ 10 ms median ${median(r.tasks)}; after the first paint only ` +
        `${median(r.afterPaint)} ms (× ${R})`,
    );
  }
} finally {
  for (const build of builds) await build.close();
  rmSync(work, { recursive: true, force: true });
}
