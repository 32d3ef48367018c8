/**
 * Chromium benchmarks: builds a page under bench/browser with Vite (the app's own modules),
 * serves it from a real server (same origin as the APIs) and opens it in Debian's Chromium
 * (playwright-core as in playwright.config.ts).
 */
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, type PluginOption } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startBenchServer, type BenchServer } from './bench-server';
import { pathAliases } from '../scripts/path-aliases';

const dir = path.dirname(fileURLToPath(import.meta.url));

export interface BrowserBench {
  server: BenchServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

export interface BenchPageOptions {
  /** The page under bench/browser (default index.html, the sync benchmark). */
  html?: string;
  /** React pages need the JSX transform. */
  react?: boolean;
  viewport?: { width: number; height: number };
  /** Further Vite plugins of the app the page needs (e.g. the OCR assets). */
  plugins?: PluginOption[];
  /** Resolves once the page's script is ready (default: #state reads 'ready'). */
  ready?: (page: Page) => Promise<unknown>;
}

/** Builds a page under bench/browser, serves it from a real server and opens it in Chromium. */
export async function openBenchPage(options: BenchPageOptions = {}): Promise<BrowserBench> {
  const html = options.html ?? 'index.html';
  const outDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-page-'));
  await build({
    configFile: false,
    root: path.join(dir, 'browser'),
    logLevel: 'error',
    plugins: [...(options.react ? [react()] : []), ...(options.plugins ?? [])],
    resolve: { alias: pathAliases() },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // BENCH_UNMINIFIED=1 keeps names readable in a profile of the page.
      minify: process.env.BENCH_UNMINIFIED ? false : undefined,
      rollupOptions: { input: path.join(dir, 'browser', html) },
    },
  });
  // The server serves a built app from its index.html.
  if (html !== 'index.html') renameSync(path.join(outDir, html), path.join(outDir, 'index.html'));
  const server = await startBenchServer(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage(options.viewport ? { viewport: options.viewport } : {});
  page.on('pageerror', (err) => console.error('page error:', err.message));
  page.on('requestfailed', (req) => console.error(`bench request failed: ${req.url()}`));
  const res = await page.goto(`${server.url}/`);
  if (!res?.ok()) throw new Error(`bench page ${html}: HTTP ${res?.status()}`);
  await (options.ready
    ? options.ready(page)
    : page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready'));
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
