/**
 * The server's core is typed (server/README.md, "Types of the database"): no row or table map
 * typed as a string-keyed record of unknowns, and no cast through unknown, in server/src —
 * except where the server talks to pdfkit, whose internals its types do not describe. Fails
 * with every offending line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server/src');

/** The adapters to pdfkit (fonts, images, text metrics, viewer preferences). */
const PDFKIT_ADAPTERS = new Set([
  'server/src/reports/fonts.ts',
  'server/src/reports/labels-pdf.ts',
  'server/src/reports/pdf-document.ts',
  'server/src/reports/pdf-text.ts',
]);

// Built from parts, so that this file reads as what it forbids only in the pattern.
const UNTYPED = new RegExp(
  [
    ['Record<string, ', 'unknown>'],
    ['as unknown', ' as '],
  ]
    .map((p) => p.join(''))
    .join('|'),
);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * `UntypedRow` (cms/rows.ts) is for bodies not yet validated and the generic column mapping (docs/architecture.md, "Types on the server"). Only these modules handle such
 * rows, each at most this often; everywhere else a row is its entity's `RowOf<E>`/`EntityRow<E>`.
 */
const UNTYPED_ROW_USES: Record<string, number> = {
  // The type itself and the generic column mapping, field by field.
  'server/src/cms/rows.ts': 5,
  // The CMS endpoints' one name for a client's body before its entity's schema has validated it.
  'server/src/cms/cms.service.ts': 1,
};
const UNTYPED_ROW = /\bUntypedRow\b/g;
const IMPORTS = /^import [^;]*;$/gm;
// The name the untyped row had: typed code never comes back to it.
const OLD_NAME = new RegExp(['Field', 'Values'].join(''));

describe('typed server core', () => {
  it('types rows by their entity outside the modules that handle rows of any entity', () => {
    const found: string[] = [];
    for (const file of files(SERVER)) {
      const name = path.relative(ROOT, file);
      const text = readFileSync(file, 'utf8');
      if (OLD_NAME.test(text)) found.push(`${name}: ${OLD_NAME.source}`);
      const uses = text.replace(IMPORTS, '').match(UNTYPED_ROW)?.length;
      if ((uses ?? 0) > (UNTYPED_ROW_USES[name] ?? 0)) {
        found.push(`${name}: ${uses} uses of UntypedRow, at most ${UNTYPED_ROW_USES[name] ?? 0}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('has no untyped record and no cast through unknown outside the pdfkit adapters', () => {
    const found: string[] = [];
    for (const file of files(SERVER)) {
      const name = path.relative(ROOT, file);
      if (PDFKIT_ADAPTERS.has(name)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (UNTYPED.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
