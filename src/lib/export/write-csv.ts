/**
 * An export table as CSV that any spreadsheet reads the same in any locale: the separator of
 * the office's language (lib/export/csv); numbers without thousands separators, with the
 * language's decimal mark (comma in de and fr, point in en-gb), so "43320" stays 43 320 and
 * "1,5" one and a half; days and moments in ISO 8601 ("2026-11-24", "2026-11-24 03:54", the
 * company's wall time), which Excel and LibreOffice read as dates whatever their locale —
 * "24.11.2026" is text to an English spreadsheet and "04/03/2026" a different day in the US.
 */
import { formatAuditDate } from '@domain/rules/dates';
import { csvDelimiterFor, formatCsv } from './csv';
import type { ColumnKind, ExportTable, ExportValue } from './table';

/**
 * Text that Excel would run as a formula (=, +, -, @ and the control characters that start
 * one) is kept as text by a leading apostrophe (OWASP "CSV injection"): a hose code or a name
 * typed on a device must never execute on the office's PC.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with at most three decimals, the language's decimal mark and no grouping. */
export function csvNumber(value: number, language: string): string {
  let f = numberFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false });
    numberFormats.set(language, f);
  }
  // Intl writes a minus sign (U+2212) in some languages; spreadsheets read the ASCII one.
  return f.format(value).replace('\u2212', '-');
}

const WALL = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A stored day or moment as ISO 8601 wall time of the company: calendar days and SPEC wall
 * times as written, instants (with a zone) in the company's zone. Null when it is no date.
 */
function isoWall(value: string): { day: string; time: string | null } | null {
  const text = value.trim();
  const wall = WALL.exec(text);
  if (wall) {
    return { day: wall[1] ?? '', time: wall[2] ?? null };
  }
  if (Number.isNaN(Date.parse(text)) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const local = formatAuditDate(text);
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

function csvCell(kind: ColumnKind, value: ExportValue, language: string): string {
  if (value === null || value === '') return '';
  if (kind === 'number') return typeof value === 'number' ? csvNumber(value, language) : '';
  const text = String(value);
  // A day column may hold a text instead ("due now"): written as the list shows it.
  const point = kind === 'day' || kind === 'moment' ? isoWall(text) : null;
  if (point) return kind === 'day' || !point.time ? point.day : `${point.day} ${point.time}`;
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
