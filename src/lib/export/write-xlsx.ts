/**
 * An export table as an Excel workbook (write-excel-file): a bold, frozen header row, real
 * number cells, real date cells (days, and moments in the company's wall time) shown in the
 * language's day order, and column widths. The writer is loaded only when a user exports, so
 * it stays out of the first route's bundle.
 */
import { toCalendarDate } from '@domain/rules/intervals';
import { formatAuditDate } from '@domain/rules/dates';
import type { Cell, Row, SheetData } from 'write-excel-file/browser';
import type { ColumnKind, ExportTable, ExportValue } from './table';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel number formats of a day and a moment, in the language's order and separators. */
export function excelDateFormats(language: string) {
  const day = language.toLowerCase().startsWith('de') ? 'dd.mm.yyyy' : 'dd/mm/yyyy';
  return { day, moment: `${day} hh:mm` };
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A stored moment as the Date Excel shows as that wall time: Excel cells have no zone, so the
 * company's wall time (docs/architecture.md, "Dates, times and numbers") is written as if it were UTC.
 */
function wallDate(value: string): Date | null {
  const wall = WALL.exec(value) ?? WALL.exec(safe(() => formatAuditDate(value)) ?? '');
  if (!wall) return null;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = wall.slice(1).map((n) => Number(n ?? 0));
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

function dayDate(value: string): Date | null {
  const day = safe(() => toCalendarDate(value));
  return day ? new Date(`${day}T00:00:00.000Z`) : null;
}

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

function xlsxCell(
  kind: ColumnKind,
  value: ExportValue,
  formats: { day: string; moment: string },
): Cell {
  if (value === null || value === '') return null;
  if (kind === 'number' && typeof value === 'number') return { type: Number, value };
  if (kind === 'day' || kind === 'moment') {
    const date = kind === 'day' ? dayDate(String(value)) : wallDate(String(value));
    if (date) return { type: Date, value: date, format: formats[kind] };
  }
  return { type: String, value: String(value) };
}

/** The workbook's one sheet: header row first, then the rows. */
export function tableToSheet(table: ExportTable, language: string): SheetData {
  const formats = excelDateFormats(language);
  const header: Row = table.columns.map((c) => ({ value: c.header, fontWeight: 'bold' }));
  const body = table.rows.map((row) =>
    row.map((value, i) => xlsxCell(table.columns[i]?.kind ?? 'text', value, formats)),
  );
  return [header, ...body];
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

export async function tableToXlsx(table: ExportTable, language: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  return writeXlsxFile(tableToSheet(table, language), {
    sheet: sheetName(table.title),
    columns: table.columns.map((c) => ({ width: c.width })),
    stickyRowsCount: 1,
  }).toBlob();
}
