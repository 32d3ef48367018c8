/**
 * A list to export, independent of the file format: columns with a translated header, a kind
 * (how a cell is written) and a width, and rows of raw values — the text as shown, numbers as
 * numbers, days as 'YYYY-MM-DD', moments as SPEC wall time or ISO instants. A feature builds
 * one from the rows its list shows (`exportTable`); csv-file and xlsx-file write it.
 */

export type ColumnKind = 'text' | 'number' | 'day' | 'moment';
export type ExportValue = string | number | null;

export interface ExportColumn<R> {
  header: string;
  kind: ColumnKind;
  /** Width in characters (XLSX). */
  width: number;
  value: (row: R) => ExportValue;
}

export interface ExportTable {
  /** The sheet's name (XLSX). */
  title: string;
  columns: readonly Pick<ExportColumn<never>, 'header' | 'kind' | 'width'>[];
  rows: readonly (readonly ExportValue[])[];
}

export function exportTable<R>(
  title: string,
  columns: readonly ExportColumn<R>[],
  rows: readonly R[],
): ExportTable {
  return {
    title,
    columns: columns.map(({ header, kind, width }) => ({ header, kind, width })),
    rows: rows.map((row) => columns.map((c) => c.value(row))),
  };
}
