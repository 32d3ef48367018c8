/**
 * Chromium benchmarks: builds a page under bench/browser with Vite (the app's own modules),
 * serves it from a real server (same origin as the APIs) and opens it in Debian's Chromium
 * (playwright-core as in playwright.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startBenchServer, type BenchServer } from './bench-server';

const dir = path.dirname(fileURLToPath(import.meta.url));

export interface BrowserBench {
  server: BenchServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** Builds `bench/browser/<html>` and opens it; the page's script must set #state to 'ready'. */
export async function openBenchPage(html = 'index.html'): Promise<BrowserBench> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-page-'));
  await build({
    configFile: false,
    root: path.join(dir, 'browser'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(dir, 'browser', html) } },
  });
  const server = await startBenchServer(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto(`${server.url}/${html}`);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  return {
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
