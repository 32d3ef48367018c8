import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { csvDelimiterFor, formatCsv, parseCsv } from './csv';
import { exportFileName } from './download';
import { exportTable, type ExportColumn } from './table';
import { tableToCsv } from './write-csv';
import { tableToXlsx } from './write-xlsx';

interface Line {
  code: string;
  length: number | null;
  made: string | null;
  checked: string | null;
}
const COLUMNS: ExportColumn<Line>[] = [
  { header: 'Code', kind: 'text', width: 14, value: (l) => l.code },
  { header: 'Länge (mm)', kind: 'number', width: 10, value: (l) => l.length },
  { header: 'Herstellung', kind: 'day', width: 12, value: (l) => l.made },
  { header: 'Geprüft', kind: 'moment', width: 16, value: (l) => l.checked },
];
const LINES: Line[] = [
  { code: 'HM-1; "A"', length: 1250.5, made: '2024-02-29', checked: '2026-03-04 08:15:00' },
  { code: 'Zeile\nzwei, drei', length: null, made: null, checked: '2026-07-01T06:30:00.000Z' },
  { code: '=HYPERLINK("x")', length: 0, made: '2020-01-01', checked: null },
];
const table = exportTable('Schlauchregister', COLUMNS, LINES);

describe('CSV text', () => {
  it('quotes separators, quotes and line breaks (RFC 4180), with a BOM and CRLF', () => {
    const text = formatCsv(
      [
        ['a;b', 'say "hi"', 'plain'],
        ['line\r\nbreak', 'x,y', ''],
      ],
      ';',
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toBe('\uFEFF"a;b";"say ""hi""";plain\r\n"line\r\nbreak";x,y;\r\n');
    expect(formatCsv([['x,y', 'a;b']], ',')).toBe('\uFEFF"x,y",a;b\r\n');
    expect(parseCsv(text)).toEqual([
      ['a;b', 'say "hi"', 'plain'],
      ['line\r\nbreak', 'x,y', ''],
    ]);
  });

  it('takes the separator of the language: ; for de and fr, , for en-gb', () => {
    expect(csvDelimiterFor('de')).toBe(';');
    expect(csvDelimiterFor('fr')).toBe(';');
    expect(csvDelimiterFor('en-gb')).toBe(',');
  });
});

describe('export table as CSV', () => {
  it("writes numbers without grouping in the language's decimal mark, days and moments in ISO 8601", () => {
    const de = parseCsv(tableToCsv(table, 'de'), ';');
    expect(de).toEqual([
      ['Code', 'Länge (mm)', 'Herstellung', 'Geprüft'],
      ['HM-1; "A"', '1250,5', '2024-02-29', '2026-03-04 08:15'],
      // An instant is written in the company's zone (Berlin summer time: +2 h).
      ['Zeile\nzwei, drei', '', '', '2026-07-01 08:30'],
      // A formula stays text.
      ['\'=HYPERLINK("x")', '0', '2020-01-01', ''],
    ]);
    const en = tableToCsv(table, 'en-gb');
    expect(en.split('\r\n')[1]).toBe('"HM-1; ""A""",1250.5,2024-02-29,2026-03-04 08:15');
    expect(parseCsv(tableToCsv(table, 'fr'), ';')[1]).toEqual([
      'HM-1; "A"',
      '1250,5',
      '2024-02-29',
      '2026-03-04 08:15',
    ]);
  });

  it('writes large and negative numbers as spreadsheets read them in every language', () => {
    const wide = exportTable(
      'T',
      [COLUMNS[1]!],
      [43320, -1234567.125, 1.5].map((length) => ({ code: '', length, made: null, checked: null })),
    );
    const cells = (language: string) =>
      parseCsv(tableToCsv(wide, language))
        .slice(1)
        .map((r) => r[0]);
    expect(cells('de')).toEqual(['43320', '-1234567,125', '1,5']);
    expect(cells('fr')).toEqual(['43320', '-1234567,125', '1,5']);
    expect(cells('en-gb')).toEqual(['43320', '-1234567.125', '1.5']);
  });
});

describe('export table as XLSX', () => {
  it('writes a header row, number cells and real date cells', async () => {
    const blob = await tableToXlsx(table, 'de');
    const sheets = await readXlsxFile(Buffer.from(await blob.arrayBuffer()));
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.sheet).toBe('Schlauchregister');
    expect(sheets[0]!.data).toEqual([
      ['Code', 'Länge (mm)', 'Herstellung', 'Geprüft'],
      [
        'HM-1; "A"',
        1250.5,
        new Date('2024-02-29T00:00:00.000Z'),
        new Date('2026-03-04T08:15:00.000Z'),
      ],
      ['Zeile\nzwei, drei', null, null, new Date('2026-07-01T08:30:00.000Z')],
      ['=HYPERLINK("x")', 0, new Date('2020-01-01T00:00:00.000Z'), null],
    ]);
  });
});

describe('export file names', () => {
  it('names the register, its subject and the day, without characters file systems refuse', () => {
    const now = new Date('2026-03-04T23:30:00.000Z'); // already 5 March in Berlin
    expect(exportFileName('Schlauchregister', 'Presse HP 250 (INV/7)', 'csv', now)).toBe(
      'Schlauchregister-Presse-HP-250-(INV-7)-2026-03-05.csv',
    );
    expect(exportFileName('Schlauchregister', 'Müller: Süd', 'xlsx', now)).toBe(
      'Schlauchregister-Müller-Süd-2026-03-05.xlsx',
    );
  });
});
