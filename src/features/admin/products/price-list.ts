/**
 * The price list as CSV: export of every live product, and the import's preview —
 * each line classified as new, changed (price or other fields), unchanged or invalid with its
 * reasons — before anything is written. Lines are matched by article number; products missing
 * from the file stay as they are (a price list of a few lines only updates those).
 * Pure functions: the screen writes the preview's changes through mutate().
 */
import type { MessageKey } from '@domain/messages';
import {
  productWholeSchema,
  sameArticleNumber,
  type Product,
  type ProductCreate,
} from '@domain/schemas/product';
import { formatCsv, parseCsv } from '@lib/export/csv';
import { formatMoneyInput, parseMoney, type DecimalMark } from '@domain/rules/money';

/** Column keys in file order; the header row carries them, so files read the same in any UI language. */
export const PRICE_COLUMNS = [
  'article_number',
  'name',
  'kind',
  'unit',
  'dn',
  'pn_bar',
  'fitting_type',
  'accessory',
  'net_price_eur',
  'active',
] as const;
type Column = (typeof PRICE_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['article_number', 'name', 'kind', 'unit', 'net_price_eur'];

/** Fields the import may change; everything else of a row stays. */
const FIELDS = [
  'articleNumber',
  'name',
  'kind',
  'unit',
  'dn',
  'maxPn',
  'fittingType',
  'accessory',
  'priceCents',
  'active',
] as const;
export type PriceField = (typeof FIELDS)[number];
export type ImportValues = Pick<ProductCreate, PriceField>;

/** The price list as CSV, its amounts written with the UI language's decimal mark. */
export function exportPriceList(products: readonly Product[], mark: DecimalMark): string {
  const live = products
    .filter((p) => !p.deletedAt)
    .sort((a, b) => (a.articleNumber ?? '').localeCompare(b.articleNumber ?? ''));
  const number = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
  return formatCsv([
    [...PRICE_COLUMNS],
    ...live.map((p) => [
      p.articleNumber ?? '',
      p.name,
      p.kind,
      p.unit,
      number(p.dn),
      number(p.maxPn),
      p.fittingType ?? '',
      p.accessory ?? '',
      formatMoneyInput(p.priceCents, mark),
      p.active ? '1' : '0',
    ]),
  ]);
}

export interface LineIssue {
  field: string;
  message: MessageKey | `products:${string}`;
}

export type PreviewLine =
  | { line: number; status: 'new'; values: ImportValues }
  | {
      line: number;
      status: 'changed';
      values: ImportValues;
      product: Product;
      /** The fields that differ, with the new values only. */
      changes: Partial<ImportValues>;
    }
  | { line: number; status: 'unchanged'; product: Product }
  | { line: number; status: 'invalid'; articleNumber: string; issues: LineIssue[] };

export type PricePreview =
  | { ok: true; lines: PreviewLine[] }
  | { ok: false; message: `products:${string}`; columns?: string[] };

const YES = ['1', 'true', 'yes', 'ja', 'oui', 'y', 'j', 'x'];
const NO = ['0', 'false', 'no', 'nein', 'non', 'n'];

/** A decimal number in either style ('2,5' or '2.5'); '' → null; anything else → NaN. */
function decimal(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return null;
  return /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

const upperOrNull = (raw: string) => (raw.trim() === '' ? null : raw.trim().toUpperCase());

/** One CSV line as product values plus the reasons it cannot be read. */
function readLine(cells: Record<Column, string>, existing: Product | undefined, mark: DecimalMark) {
  const issues: LineIssue[] = [];
  const price = parseMoney(cells.net_price_eur, mark);
  const priceCents = price.ok ? price.cents : null;
  if (!price.ok && price.message !== 'validation:required')
    issues.push({ field: 'priceCents', message: price.message });
  const active = cells.active.trim().toLowerCase();
  let activeValue = existing?.active ?? true;
  if (YES.includes(active)) activeValue = true;
  else if (NO.includes(active)) activeValue = false;
  else if (active !== '') issues.push({ field: 'active', message: 'products:csv.badActive' });
  const input = {
    articleNumber: cells.article_number,
    name: cells.name,
    kind: upperOrNull(cells.kind),
    unit: upperOrNull(cells.unit),
    dn: decimal(cells.dn),
    maxPn: decimal(cells.pn_bar),
    fittingType: upperOrNull(cells.fitting_type),
    accessory: upperOrNull(cells.accessory),
    priceCents,
    active: activeValue,
  };
  const parsed = productWholeSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'priceCents' && issues.some((i) => i.field === 'priceCents')) continue;
      issues.push({ field, message: issue.message as MessageKey });
    }
  }
  return { issues, values: parsed.success ? pickValues(parsed.data) : null };
}

function pickValues(data: ProductCreate): ImportValues {
  const out = {} as Record<PriceField, unknown>;
  for (const f of FIELDS) out[f] = data[f];
  return out as ImportValues;
}

/**
 * Reads a price list against the products on the device; its amounts in the format of the UI
 * language (rules/money), as the export writes them.
 */
export function previewPriceList(
  text: string,
  products: readonly Product[],
  mark: DecimalMark,
): PricePreview {
  const rows = parseCsv(text);
  const header = rows[0]?.map((h) => h.trim().toLowerCase());
  if (!header) return { ok: false, message: 'products:csv.empty' };
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length > 0)
    return { ok: false, message: 'products:csv.missingColumns', columns: missing };
  const live = products.filter((p) => !p.deletedAt);
  const seen = new Map<string, number>();
  const lines = rows.slice(1).map((row, index): PreviewLine => {
    const line = index + 2; // 1-based, after the header
    const cells = Object.fromEntries(
      PRICE_COLUMNS.map((c) => {
        const at = header.indexOf(c);
        return [c, at >= 0 ? (row[at] ?? '').trim() : ''];
      }),
    ) as Record<Column, string>;
    const number = cells.article_number;
    const key = number.toLowerCase();
    const product = live.find((p) => sameArticleNumber(p.articleNumber ?? '', number));
    const { issues, values } = readLine(cells, product, mark);
    if (number && seen.has(key))
      issues.push({ field: 'articleNumber', message: 'products:csv.duplicateLine' });
    if (number) seen.set(key, line);
    if (issues.length > 0 || !values)
      return { line, status: 'invalid', articleNumber: number, issues };
    if (!product) return { line, status: 'new', values };
    const changes: Partial<ImportValues> = {};
    for (const f of FIELDS) {
      if (f === 'articleNumber' && product.articleNumber === values.articleNumber) continue;
      if (product[f] !== values[f]) (changes as Record<string, unknown>)[f] = values[f];
    }
    return Object.keys(changes).length === 0
      ? { line, status: 'unchanged', product }
      : { line, status: 'changed', values, product, changes };
  });
  return { ok: true, lines };
}

export function countByStatus(lines: readonly PreviewLine[]) {
  const counts = { new: 0, changed: 0, unchanged: 0, invalid: 0 };
  for (const l of lines) counts[l.status] += 1;
  return counts;
}
