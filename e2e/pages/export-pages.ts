import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { parseCsv } from '@lib/export/csv';

/** A saved export: its file name and contents. */
export interface SavedFile {
  name: string;
  bytes: Buffer;
}

/** The export buttons of the lists (components/export-menu) and what they save. */
export class ExportPages {
  constructor(private readonly page: Page) {}

  private async save(click: () => Promise<void>): Promise<SavedFile> {
    const downloading = this.page.waitForEvent('download');
    await click();
    const download = await downloading;
    const file = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(file) };
  }

  /** "Export" → CSV or Excel on a hose list. */
  fromMenu(format: 'csv' | 'xlsx'): Promise<SavedFile> {
    return this.save(async () => {
      await this.page.getByTestId('export-menu').click();
      await this.page.getByTestId(`export-${format}`).click();
    });
  }

  /** "Export CSV" (the DGUV tab). */
  csvButton(): Promise<SavedFile> {
    return this.save(() => this.page.getByTestId('export-csv').click());
  }
}

/** The CSV's rows (header first), after checking it is what Excel reads: BOM, CRLF. */
export function csvRows(file: SavedFile, delimiter: ';' | ','): string[][] {
  const text = file.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return parseCsv(text, delimiter);
}

/**
 * A German screen text as the CSV writes it: "1.250,5" → "1250,5" (no grouping), "24.11.2026"
 * → "2026-11-24", "24.11.2026, 08:15" → "2026-11-24 08:15" (ISO 8601); other text as it is.
 */
export function asCsvCell(screen: string): string {
  const day = /^(\d{2})\.(\d{2})\.(\d{4})(?:, (\d{2}:\d{2}))?$/.exec(screen);
  if (day) return `${day[3]}-${day[2]}-${day[1]}${day[4] ? ` ${day[4]}` : ''}`;
  return /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(screen) ? screen.replace(/\./g, '') : screen;
}

export async function xlsxRows(file: SavedFile) {
  const [sheet] = await readXlsxFile(file.bytes);
  return sheet!.data;
}

/** The lines of the wide hose table as their cells' texts ('—' for nothing becomes ''). */
export async function hoseTableLines(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').getByRole('row');
  const count = await rows.count();
  const lines: string[][] = [];
  for (let i = 1; i < count; i++) {
    const cells = await rows.nth(i).getByRole('cell').allTextContents();
    lines.push(cells.map((c) => (c.trim() === '—' ? '' : c.trim())));
  }
  return lines;
}
