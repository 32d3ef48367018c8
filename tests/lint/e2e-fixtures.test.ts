/**
 * Every e2e spec takes `test` from `e2e/fixtures.ts`: that `test` scans each
 * screen the spec visits with axe-core. A spec importing Playwright's own `test` would visit
 * screens unchecked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = path.resolve('e2e');

describe('e2e specs', () => {
  it("import test and expect from './fixtures'", () => {
    const specs = readdirSync(E2E).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(10);
    const unchecked = specs.filter((f) => {
      const text = readFileSync(path.join(E2E, f), 'utf8');
      const fromPlaywright = /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(
        text,
      );
      return fromPlaywright || !text.includes("from './fixtures'");
    });
    expect(unchecked).toEqual([]);
  });
});
