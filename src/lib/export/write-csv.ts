/**
 * An export table as CSV for Excel in the office's language: the separator of that language
 * (lib/export/csv), days, moments and numbers as the app shows them (domain/format), so a
 * German Excel reads "1.250" and "24.11.2026" as a number and a date.
 */
import { formatDay, formatMoment, formatNumber } from '@domain/format';
import { csvDelimiterFor, formatCsv } from './csv';
import type { ColumnKind, ExportTable, ExportValue } from './table';

/**
 * Text that Excel would run as a formula (=, +, -, @ and the control characters that start
 * one) is kept as text by a leading apostrophe (OWASP "CSV injection"): a hose code or a name
 * typed on a device must never execute on the office's PC.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(kind: ColumnKind, value: ExportValue, language: string): string {
  if (value === null || value === '') return '';
  if (kind === 'number') return typeof value === 'number' ? formatNumber(value, language) : '';
  if (kind === 'day') return formatDay(String(value), language);
  if (kind === 'moment') return formatMoment(String(value), language);
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function tableToCsv(table: ExportTable, language: string): string {
  const header = table.columns.map((c) => c.header);
  const body = table.rows.map((row) =>
    row.map((value, i) => csvCell(table.columns[i]?.kind ?? 'text', value, language)),
  );
  return formatCsv([header, ...body], csvDelimiterFor(language));
}

export const CSV_MIME = 'text/csv;charset=utf-8';
