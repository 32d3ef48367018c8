/**
 * Saving an export on the device: the file is made here from what the list shows (no server
 * call, so it works offline) and handed to the browser as a download.
 */
import { formatAuditDate } from '@domain/rules/dates';
import { saveBlob } from '../api/report-download';
import { CSV_MIME, tableToCsv } from './write-csv';
import { tableToXlsx } from './write-xlsx';
import type { ExportTable } from './table';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * `<prefix>-<subject>-<YYYY-MM-DD>.<ext>`, the day in the company's zone; characters no file
 * system takes (and runs of spaces) become one hyphen, letters of any language stay.
 */
export function exportFileName(
  prefix: string,
  subject: string,
  format: ExportFormat,
  now: Date = new Date(),
): string {
  const clean = (text: string) =>
    text
      .replace(/[<>:"/\\|?*\p{Cc}\s]+/gu, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
  const parts = [clean(prefix), clean(subject), formatAuditDate(now).slice(0, 10)];
  return `${parts.filter(Boolean).join('-')}.${format}`;
}

/** Writes the table in `format` and saves it under `fileName`. */
export async function downloadTable(
  table: ExportTable,
  format: ExportFormat,
  language: string,
  fileName: string,
): Promise<void> {
  const blob =
    format === 'csv'
      ? new Blob([tableToCsv(table, language)], { type: CSV_MIME })
      : await tableToXlsx(table, language);
  saveBlob(blob, fileName);
}
