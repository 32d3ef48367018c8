import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * End-to-end tests in Debian's Chromium against the server `npm start` runs (production
 * build, embedded identity provider, a fresh data dir per run).
 */
const PORT = Number(process.env.E2E_PORT ?? 8091);
export const BASE_URL = `http://localhost:${PORT}`;
/** Data dir and build output per port, so two runs on one machine never share either. */
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
const DIST_DIR = process.env.E2E_DIST_DIR ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  // Per port, so that two runs on one machine never share artefacts.
  outputDir: `test-results/${PORT}`,
  // In CI the lanes and the Firefox and WebKit lanes share two cores: an offline form test that
  // takes 40 s alone took 95 s there (docs/testing.md "Where the time goes").
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'de-DE',
    // Recording a trace doubles a test's time (the worker and the browser serialise every step):
    // in CI only a retry records one (docs/testing.md "Where the time goes").
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // E2E_PREBUILT: the build in DIST_DIR is made already (scripts/e2e-lanes.ts, once for all
    // lanes).
    command: `rm -rf ${DATA_DIR} && ${
      process.env.E2E_PREBUILT ? '' : `npx vite build --outDir ${DIST_DIR} --emptyOutDir && `
    }exec node --import tsx server/src/main.ts`,
    url: `${BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DIST_DIR,
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
    },
  },
});
