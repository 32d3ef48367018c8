/**
 * JavaScript before the first paint of each entry route: builds the app as
 * `npm run build` does (with Vite's manifest, into a temporary folder) and adds up the gzip
 * size of what the browser fetches before the sign-in page and the dashboard show
 * (bench/route-weight.ts): index.html's entry with its static imports, the app's start
 * (src/app/boot.tsx), the route's screen and, for the dashboard, the signed-in layout. Budget ≤ 200 kB each. Reported beside it: the
 * stylesheet and the default language's translations (JSON chunks that initI18n awaits).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { DEFAULT_LANGUAGE, NAMESPACES } from '../src/lib/i18n/languages';
import { report } from './bench-server';
import { checkBudget } from './budget';
import { readManifest, routeWeight, translationWeight } from './route-weight';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-dist-'));
// The app's start (src/app/boot.tsx) is a dynamic import of the small entry, counted for both
// routes: the sign-in page shows it when the hand-over to the provider cannot start at once
// (offline, failure), so it is weighed as if always fetched.
const ROUTES = {
  login: ['src/app/boot.tsx', 'src/features/auth/login-page.tsx'],
  dashboard: [
    'src/app/boot.tsx',
    'src/app/screens/dashboard-screen.tsx',
    'src/app/layouts/app-chrome.tsx',
  ],
};
const kB = (bytes: number) => Math.round(bytes / 100) / 10;

try {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = readManifest(outDir);
  const translations = NAMESPACES.map((ns) => `locales/${DEFAULT_LANGUAGE}/${ns}.json`);
  for (const [name, modules] of Object.entries(ROUTES)) {
    const weight = routeWeight(outDir, manifest, modules);
    const top = weight.files
      .slice(0, 6)
      .map((f) => `${path.basename(f.file)} ${kB(f.gzip)}`)
      .join(', ');
    console.log(`first route ${name}: ${weight.files.length} JS files; largest ${top} kB`);
    checkBudget(
      `first-route-js-gzip-${name}`,
      kB(weight.js),
      'kB',
      { max: 200 },
      'entry + static imports + route chunks',
    );
    report(`first-route-css-gzip-${name}`, kB(weight.css), 'kB');
  }
  const words = translationWeight(outDir, manifest, translations);
  console.log(
    `first route translations: ${words.files.length} ${DEFAULT_LANGUAGE} namespaces, awaited before the first render, weighed apart`,
  );
  report('first-route-translations-gzip', kB(words.js), 'kB');
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
