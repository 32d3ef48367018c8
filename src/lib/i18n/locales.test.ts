/**
 * Translation completeness: every namespace exists in every language, and every key (with the
 * same interpolation variables) exists in every language. A missing French or English text
 * fails here instead of showing a raw key or German on screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from './languages';

const LOCALES_DIR = resolve(__dirname, '../../../locales');
// i18next plural forms differ per language (French has `_many`); they count as one key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Json = { [key: string]: Json | string };

function readNamespace(language: string, file: string): Json {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')) as Json;
}

/** Flattens nested keys to `a.b.c` → text, with plural suffixes folded together. */
function flatten(tree: Json, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      const base = path.replace(PLURAL_SUFFIX, '');
      out.set(base, [...(out.get(base) ?? []), value]);
    } else {
      for (const [k, v] of flatten(value, path)) out.set(k, [...(out.get(k) ?? []), ...v]);
    }
  }
  return out;
}

function variables(texts: string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/\{\{\s*(\w+)/g)) names.add(m[1] ?? '');
  return [...names].sort();
}

const files = (language: string) =>
  readdirSync(join(LOCALES_DIR, language))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('locales', () => {
  it('has a folder for every language with the same namespace files', () => {
    const reference = files('de');
    for (const language of LANGUAGES) expect(files(language), language).toEqual(reference);
  });

  it('contains every namespace the app loads', () => {
    for (const language of LANGUAGES) {
      for (const ns of NAMESPACES) expect(files(language), language).toContain(`${ns}.json`);
    }
  });

  it("loads every namespace of the app at start-up (only the server's files are left out)", () => {
    const appFiles = files('de').filter((f) => f !== 'login.json' && f !== 'reports.json');
    expect(appFiles).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  for (const file of files('de')) {
    it(`${file}: same keys and variables in every language, none empty`, () => {
      const reference = flatten(readNamespace('de', file));
      for (const language of LANGUAGES) {
        const other = flatten(readNamespace(language, file));
        expect([...other.keys()].sort(), `${language}/${file}`).toEqual(
          [...reference.keys()].sort(),
        );
        for (const [key, texts] of other) {
          expect(variables(texts), `${language}/${file} ${key}`).toEqual(
            variables(reference.get(key) ?? []),
          );
          for (const text of texts) expect(text.trim(), `${language}/${file} ${key}`).not.toBe('');
        }
      }
    });
  }

  it('has every plural form French and English need', () => {
    const validation = (lng: string) => Object.keys(readNamespace(lng, 'validation.json'));
    expect(validation('fr')).toEqual(expect.arrayContaining(['minLength_many', 'maxLength_many']));
    expect(validation('en-gb')).toEqual(
      expect.arrayContaining(['minLength_one', 'minLength_other']),
    );
  });
});
