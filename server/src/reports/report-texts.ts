/**
 * Texts of the PDF reports, from the app's own `locales/<lng>/reports.json` (read once at
 * startup). A report prints in the language stored on its row; German is the reference and
 * the fallback for a key another language lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DGUV_FINDINGS, DGUV_OK } from '../../../src/domain/schemas/dguv-answer';
import { LOCALE, type Locale } from '../../../src/domain/schemas/enums';

type Tree = { [key: string]: Tree | string };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface ReportTexts {
  locale: Locale;
  t: Translate;
  /** A stored DGUV answer value ('OK' or a German finding) in this language. */
  finding(value: string): string;
  /** Dates as the locale writes them (input: ISO date, ISO instant or 'YYYY-MM-DD HH:MM:SS'). */
  date(value: string | null | undefined): string;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: Tree | string | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

function formatDate(locale: Locale, value: string | null | undefined): string {
  const m = value ? DATE_RE.exec(value) : null;
  if (!m) return value ?? '';
  const [, y, mo, d, h, mi] = m;
  const day = locale === 'de' ? `${d}.${mo}.${y}` : `${d}/${mo}/${y}`;
  return h && mi ? `${day} ${h}:${mi}` : day;
}

function textsFor(locale: Locale, tree: Tree, reference: Tree): ReportTexts {
  const t: Translate = (key, values) =>
    interpolate(lookup(tree, key) ?? lookup(reference, key) ?? key, values);
  return {
    locale,
    t,
    finding(value) {
      if (value === DGUV_OK) return t('dguv.findings.ok');
      const i = (DGUV_FINDINGS as readonly string[]).indexOf(value);
      return i < 0 ? value : t(`dguv.findings.f${i + 1}`);
    },
    date: (value) => formatDate(locale, value),
  };
}

export type ReportLocales = (locale: string | null | undefined) => ReportTexts;

/** Loads every language's reports.json from `localesDir`; unknown locales print German. */
export function loadReportTexts(localesDir: string): ReportLocales {
  const trees = new Map<Locale, Tree>();
  for (const lng of LOCALE) {
    const file = path.join(localesDir, lng, 'reports.json');
    trees.set(lng, JSON.parse(readFileSync(file, 'utf8')) as Tree);
  }
  const reference = trees.get('de') ?? {};
  const all = new Map(LOCALE.map((lng) => [lng, textsFor(lng, trees.get(lng) ?? {}, reference)]));
  return (locale) => all.get(locale as Locale) ?? all.get('de')!;
}
