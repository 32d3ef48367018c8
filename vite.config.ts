import './tests/node20-polyfills';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pathAliases } from './scripts/path-aliases';
import { precompress } from './scripts/vite-precompress';
import { ocrAssets } from './scripts/vite-ocr-assets';

const PURE_DIRS = /\/src\/(domain|db|sync)\/(?!.*\.worker\.)[^?]*\.tsx?$/;
const server = process.env.API_ORIGIN ?? 'http://localhost:8080';
// The app's own version, built in: the menu shows it offline too.
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

export default defineConfig({
  resolve: { alias: pathAliases() },
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  // A JSON module (the translations) as one JSON.parse of a string, not an object literal with
  // a variable per key: V8 parses JSON text several times faster than JavaScript, and the
  // start loads every namespace of its language (docs/performance.md, "The first screen").
  json: { stringify: true, namedExports: false },
  plugins: [
    react(),
    VitePWA({
      // A new version waits for the user's consent: a half-filled form is never reloaded.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        id: '/',
        name: 'Schlauchmanager',
        short_name: 'Schläuche',
        description: 'Schlauchleitungen prüfen (DGUV 113-020), warten und bestellen',
        lang: 'de',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // Our own worker (src/sw.ts): Workbox's generated one precaches its ~300 files one at a
      // time, and a busy device took a minute and more to become offline-ready (docs/sync.md).
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        rollupFormat: 'iife',
        // wasm: the code reader of the scan dialog (1.1 MB), so scanning works offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,wasm}'],
        // The text recognition (≈ 7 MB) is fetched only by a device that reads a marking, and
        // kept from then on (scripts/vite-ocr-assets.ts, src/sw.ts).
        globIgnores: ['ocr/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    ocrAssets(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // No <link rel=modulepreload> per dependency of every lazy import: appending them cost the
    // signed-in first screen ~90 ms of main thread (Lighthouse TBT); the service
    // worker serves the chunks from its cache, so the import graph's depth costs little.
    modulePreload: false,
    rollupOptions: {
      // domain/, db/ and sync/ only declare (schemas, tables, stores; no module runs code on
      // import), so what a chunk does not use of them is left out — the first screen's bundle
      // then carries no zod schemas or sync engine it does not need.
      treeshake: {
        moduleSideEffects: (id) => (PURE_DIRS.test(id) ? false : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/realms': server,
      '/auth-assets': server,
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one, on the 2-core CI machine. Most
    // files wait on servers, databases and timers, so at least two run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // As Playwright in CI (playwright.config.ts): a test that fails once is run again, and the
    // report names it flaky — still a defect to find, as the power-unit screen test was.
    retry: process.env.CI ? 1 : 0,
  },
});
