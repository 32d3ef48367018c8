/**
 * The CSV exports read back by a real spreadsheet: LibreOffice Calc headless (Debian's
 * `libreoffice-calc-nogui`, which `.ci/run` installs) imports each language's file with that
 * language's settings — the way an office PC opens it — and saves it as XLSX, read here with
 * `read-excel-file`: lengths and pressures are number cells with the right value, days and
 * moments date cells. Skipped where `soffice` is not installed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, describe, expect, it } from 'vitest';
import { csvDelimiterFor } from '@lib/export/csv';
import { exportTable, type ExportColumn } from '@lib/export/table';
import { tableToCsv } from '@lib/export/write-csv';
import { onPath } from '../../scripts/backup-lib';

const run = promisify(execFile);
const SOFFICE = onPath('soffice');

interface Line {
  code: string;
  length: number | null;
  pn: number | null;
  made: string | null;
  checked: string | null;
}
const COLUMNS: ExportColumn<Line>[] = [
  { header: 'Code', kind: 'text', width: 12, value: (l) => l.code },
  { header: 'Length', kind: 'number', width: 10, value: (l) => l.length },
  { header: 'PN', kind: 'number', width: 8, value: (l) => l.pn },
  { header: 'Made', kind: 'day', width: 12, value: (l) => l.made },
  { header: 'Checked', kind: 'moment', width: 16, value: (l) => l.checked },
];
const LINES: Line[] = [
  // An instant: written in the company's zone (Berlin winter time: +1 h).
  { code: 'HM-1', length: 43320, pn: 1.5, made: '2024-02-29', checked: '2026-11-24T02:54:00Z' },
  { code: 'HM-2', length: 1250, pn: 250.125, made: '2020-01-31', checked: '2026-03-04 08:15:00' },
  { code: 'HM-3', length: -12, pn: null, made: null, checked: null },
];
const TABLE = exportTable('Register', COLUMNS, LINES);

/** LibreOffice's language ids (the import's locale: decimal mark and date order). */
const LOCALE = { de: 1031, fr: 1036, 'en-gb': 2057 } as const;
type Language = keyof typeof LOCALE;

const tmp = mkdtempSync(path.join(tmpdir(), 'sm-csv-lo-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The CSV of `language` as Calc reads it in `locale`: the filter options are separator, quote,
 * UTF-8 (76), first line, column types (standard), locale, quoted-as-text (no) and "detect
 * special numbers" — off by default in Calc's import dialog, when Calc still reads decimal
 * numbers and ISO 8601 days; on, it reads ISO date-times too.
 */
async function readByCalc(language: Language, locale: Language, specialNumbers: boolean) {
  const name = `${language}-in-${locale}-${specialNumbers}`;
  const csv = path.join(tmp, `${name}.csv`);
  writeFileSync(csv, tableToCsv(TABLE, language));
  const separator = csvDelimiterFor(language).charCodeAt(0);
  const filter = `CSV:${separator},34,76,1,,${LOCALE[locale]},false,${specialNumbers}`;
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(tmp, 'profile')}`,
      '--headless',
      `--infilter=${filter}`,
      '--convert-to',
      'xlsx',
      '--outdir',
      tmp,
      csv,
    ],
    { timeout: 120_000 },
  );
  const [sheet] = await readXlsxFile(readFileSync(path.join(tmp, `${name}.xlsx`)));
  return sheet!.data.slice(1);
}

/**
 * A cell's date as its wall time, 'YYYY-MM-DD HH:MM' (Calc's dates carry no zone), to the
 * nearest minute (a spreadsheet's date is a fraction of days).
 */
const wall = (cell: unknown) =>
  cell instanceof Date
    ? new Date(Math.round(cell.getTime() / 60_000) * 60_000)
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ')
    : cell;

describe.skipIf(!SOFFICE)('CSV export read by LibreOffice Calc', () => {
  for (const language of Object.keys(LOCALE) as Language[]) {
    it(`reads the ${language} file's numbers and days as numbers and dates`, async () => {
      const rows = await readByCalc(language, language, false);
      expect(rows.map((r) => r.slice(0, 4).map(wall))).toEqual([
        ['HM-1', 43320, 1.5, '2024-02-29 00:00'],
        ['HM-2', 1250, 250.125, '2020-01-31 00:00'],
        ['HM-3', -12, null, null],
      ]);
      const withTimes = await readByCalc(language, language, true);
      expect(withTimes.map((r) => wall(r[4]))).toEqual([
        '2026-11-24 03:54',
        '2026-03-04 08:15',
        null,
      ]);
    }, 180_000);
  }

  it('reads whole numbers and days of the German file right in an English Calc too', async () => {
    // A thousands separator made 43.320 mm 43.32 here; there is none now.
    const rows = await readByCalc('de', 'en-gb', false);
    expect(rows.map((r) => [r[1], wall(r[3])])).toEqual([
      [43320, '2024-02-29 00:00'],
      [1250, '2020-01-31 00:00'],
      [-12, null],
    ]);
  }, 180_000);
});
