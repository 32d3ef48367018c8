/** Translations of the login page, from the app's own `locales/<lng>/login.json`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const LANGUAGES = ['de', 'en-gb', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export type LoginTexts = Record<string, string>;

export function loadLoginTexts(localesDir: string): Record<Language, LoginTexts> {
  const out = {} as Record<Language, LoginTexts>;
  for (const lng of LANGUAGES) {
    out[lng] = JSON.parse(
      readFileSync(path.join(localesDir, lng, 'login.json'), 'utf8'),
    ) as LoginTexts;
  }
  return out;
}

/** Maps a tag such as `en`, `en-GB`, `fr-CH` to one of our languages. */
export function matchLanguage(tag: string | undefined | null): Language | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(t)) return t as Language;
  const base = t.split('-')[0];
  if (base === 'en') return 'en-gb';
  if (base === 'de' || base === 'fr') return base;
  return null;
}

export function pickLanguage(
  candidates: (string | undefined | null)[],
  acceptLanguage?: string,
): Language {
  for (const c of candidates) {
    for (const tag of (c ?? '').split(/\s+/)) {
      const m = matchLanguage(tag);
      if (m) return m;
    }
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const m = matchLanguage(part.split(';')[0]);
    if (m) return m;
  }
  return DEFAULT_LANGUAGE;
}

export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}
