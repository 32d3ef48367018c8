import { readFileSync } from 'node:fs';
import type { Lang } from './overflow';

/**
 * The app's own words in a language, read from locales/ — so a spec that walks de, en-gb and
 * fr finds controls by the names a user of that language sees. `{{name}}` placeholders are
 * filled from `vars`.
 */
const cache = new Map<string, Record<string, unknown>>();

export function text(lang: Lang, ns: string, key: string, vars: Record<string, string> = {}) {
  const file = `locales/${lang}/${ns}.json`;
  let data = cache.get(file);
  if (!data) {
    data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    cache.set(file, data);
  }
  let node: unknown = data;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}/${ns}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** Cents as the app shows money in `lang` ("37,50 €", "€37.50"). */
export function money(lang: Lang, cents: number): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
