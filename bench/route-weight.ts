/**
 * What the browser fetches before an entry route's first paint, read from Vite's build
 * manifest (`build.manifest`): the entry script of index.html with its static imports (the
 * modulepreload links) and the route's lazy chunks (the app's start, its screen, the signed-in
 * layout) with their static imports. Dynamic imports that wait for the first paint (keycloak-js, the device
 * database and the sync engine behind the session start, overlays, other screens) are not
 * counted; the translations that initI18n awaits are weighed apart (translationWeight).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  /** gzip bytes of every JS file fetched before first paint. */
  js: number;
  /** gzip bytes of the stylesheets among them. */
  css: number;
  files: { file: string; gzip: number }[];
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys of `roots` and everything they import statically. */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return [...seen];
}

/** gzip size at the default level, as a server compressing on the fly sends it. */
function gzipSize(distDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file))).length;
}

/**
 * `routeModules`: the route's lazy modules by manifest key (e.g.
 * `src/features/auth/login-page.tsx`), loaded with index.html's entry.
 */
export function routeWeight(
  distDir: string,
  manifest: Manifest,
  routeModules: string[],
): RouteWeight {
  return weigh(distDir, manifest, staticClosure(manifest, ['index.html', ...routeModules]));
}

/** The translation chunks (e.g. `locales/de/common.json`) alone, without the chunks they share. */
export function translationWeight(
  distDir: string,
  manifest: Manifest,
  modules: string[],
): RouteWeight {
  return weigh(distDir, manifest, modules);
}

function weigh(distDir: string, manifest: Manifest, keys: string[]): RouteWeight {
  const files = keys.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const cssFiles = new Set(keys.flatMap((k) => manifest[k]!.css ?? []));
  const sized = files.map((file) => ({ file, gzip: gzipSize(distDir, file) }));
  return {
    js: sized.reduce((sum, f) => sum + f.gzip, 0),
    css: [...cssFiles].reduce((sum, f) => sum + gzipSize(distDir, f), 0),
    files: sized.sort((a, b) => b.gzip - a.gzip),
  };
}
