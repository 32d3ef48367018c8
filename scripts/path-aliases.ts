/**
 * The path aliases of tsconfig.json (`@domain/…` = src/domain/…) as Vite aliases, for every
 * Vite build: the app, Vitest and the benchmarks' pages. TypeScript, tsx and Playwright read
 * them from tsconfig.json themselves.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

export function pathAliases(): { find: RegExp; replacement: string }[] {
  const { compilerOptions } = JSON.parse(readFileSync(new URL('tsconfig.json', root), 'utf8')) as {
    compilerOptions: { paths: Record<string, [string]> };
  };
  return Object.entries(compilerOptions.paths)
    .filter(([name]) => !name.endsWith('/*'))
    .map(([name, [dir]]) => ({
      find: new RegExp(`^${name}(?=/|$)`),
      replacement: fileURLToPath(new URL(dir, root)),
    }));
}
