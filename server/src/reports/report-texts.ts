/**
 * Texts of the PDF reports, from the app's own `locales/<lng>/reports.json` and its enum
 * labels (`enums.json`, as `enum.*`), read once at startup. A report prints in the language
 * stored on its row; German is the reference and the fallback for a key another language lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DGUV_FINDINGS, DGUV_OK } from '@domain/schemas/dguv-answer';
import { LOCALE, type Locale } from '@domain/schemas/enums';
import { formatDay, formatMoment } from '@domain/format';

type Tree = { [key: string]: Tree | string };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface ReportTexts {
  locale: Locale;
  t: Translate;
  /** A stored DGUV answer value ('OK' or a German finding) in this language. */
  finding(value: string): string;
  /** A stored finding as DGUV Regel 113-020 words it, in full ('OK' as `finding` gives it). */
  criterion(value: string): string;
  /** A day as the app shows it (lib/i18n/format: ISO day, ISO instant or SPEC wall time). */
  day(value: string | null | undefined): string;
  /** Day and time as the app shows it, moments in the company's zone (lib/i18n/format). */
  moment(value: string | null | undefined): string;
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

function textsFor(locale: Locale, tree: Tree, reference: Tree): ReportTexts {
  const t: Translate = (key, values) =>
    interpolate(lookup(tree, key) ?? lookup(reference, key) ?? key, values);
  const finding = (value: string) => {
    if (value === DGUV_OK) return t('dguv.findings.ok');
    const i = (DGUV_FINDINGS as readonly string[]).indexOf(value);
    return i < 0 ? value : t(`dguv.findings.f${i + 1}`);
  };
  return {
    locale,
    t,
    finding,
    criterion(value) {
      const i = (DGUV_FINDINGS as readonly string[]).indexOf(value);
      return i < 0 ? finding(value) : t(`screen.criteria.f${i + 1}`);
    },
    day: (value) => formatDay(value, locale),
    moment: (value) => formatMoment(value, locale),
  };
}

export type ReportLocales = (locale: string | null | undefined) => ReportTexts;

/** Loads every language's reports.json from `localesDir`; unknown locales print German. */
export function loadReportTexts(localesDir: string): ReportLocales {
  const trees = new Map<Locale, Tree>();
  for (const lng of LOCALE) {
    const read = (ns: string) =>
      JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Tree;
    // The app's enum labels under `enum.`: a state prints in the words the screen shows; and
    // the DGUV check screen's texts under `screen.` (the criteria as the rule words them, the
    // first-use checklist), one wording on screen and on paper.
    trees.set(lng, { ...read('reports'), enum: read('enums'), screen: read('dguv') });
  }
  const reference = trees.get('de') ?? {};
  const all = new Map(LOCALE.map((lng) => [lng, textsFor(lng, trees.get(lng) ?? {}, reference)]));
  return (locale) => all.get(locale as Locale) ?? all.get('de')!;
}
