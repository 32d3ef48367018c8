/**
 * The code cites only what a clone of the repository holds: no issue numbers, past work
 * periods or documents outside it (section marks of the specification, design or stack notes) in src/, server/,
 * tests/, e2e/, bench/, scripts/ or the tool configs — comments and tests point to docs/ instead (README.md,
 * "Read on"). Fails with every offending line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIRS = ['src', 'server', 'tests', 'e2e', 'bench', 'scripts'];
const CONFIGS = ['vite.config.ts', 'playwright.config.ts', 'eslint.config.js'];
const SELF = path.relative(ROOT, import.meta.filename);
const TEXT = /\.(tsx?|mts|cts|mjs|cjs|js|css|md|html|json)$/;

// Built from parts so that this file does not match itself.
const CITATION = new RegExp(
  [
    ['[Ii]ssue', ' #[0-9]+'],
    ['\\(#', '[0-9]+\\)'],
    ['#[0-9]+', ' items? [0-9]'],
    ['SPEC', ' §'],
    ['DESIGN', ' §'],
    ['STACK', ' trap'],
    ['[Ss]ession', '[- ][0-9]+'],
  ]
    .map(([a, b]) => `${a}${b}`)
    .join('|'),
);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

describe('citations', () => {
  it('cites no issue, work period or document outside the repository', () => {
    const found: string[] = [];
    for (const file of [
      ...DIRS.flatMap((d) => files(path.join(ROOT, d))),
      ...CONFIGS.map((f) => path.join(ROOT, f)),
    ]) {
      const rel = path.relative(ROOT, file);
      if (rel === SELF) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITATION.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('recognises each kind of citation', () => {
    for (const line of [
      `// see ${'issue'} #12`,
      `// ${'Issue'} #14 item 8: no overflow`,
      `works offline (${'#'}18)`,
      `(${'#'}14 item 6)`,
      `/** ${'SPEC'} §7 */`,
      `(${'DESIGN'} §4)`,
      `${'STACK'} trap 6`,
      `(${'session'} 16)`,
      `${'Session'}-12's soak`,
    ])
      expect(CITATION.test(line), line).toBe(true);
    expect(CITATION.test('docs/sync.md: the session ends at the token expiry')).toBe(false);
  });
});
