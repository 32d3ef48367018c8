/**
 * Debian's Chromium as every browser run here uses it (Playwright cannot download browsers on
 * this machine): end-to-end tests (playwright.config.ts) and the Chromium benchmarks (bench/).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
