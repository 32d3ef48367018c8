/**
 * CSV text in and out (RFC 4180: quoted cells may hold the separator, quotes ("") and line
 * breaks). Files are written for Excel: a BOM so it reads UTF-8, CRLF line ends, and the
 * separator of the office's language (`;` where the decimal mark is a comma: de, fr; `,` for
 * en-gb). Reading accepts semicolon, comma or tab, whichever the header line uses.
 */

export type CsvDelimiter = ';' | ',' | '\t';

/** The delimiter the header line uses most (outside quotes); ';' when none appears. */
export function detectDelimiter(text: string): CsvDelimiter {
  const firstLine = stripBom(text).split(/\r?\n/, 1)[0] ?? '';
  const counts: Record<CsvDelimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) counts[ch] += 1;
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).sort((a, b) => counts[b] - counts[a])[0];
  return best && counts[best] > 0 ? best : ';';
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Rows of cells; quoted cells may hold delimiters, quotes ("") and line breaks. */
export function parseCsv(text: string, delimiter: CsvDelimiter = detectDelimiter(text)) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = stripBom(text);
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines (Excel adds one at the end) carry nothing.
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

function quote(cell: string, delimiter: CsvDelimiter): string {
  return /["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** CSV text with a BOM and CRLF line ends (what Excel writes and reads). */
export function formatCsv(rows: readonly (readonly string[])[], delimiter: CsvDelimiter = ';') {
  return `\uFEFF${rows.map((r) => r.map((c) => quote(c, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}

/**
 * The separator an office's Excel expects in that language: where the decimal mark is a comma
 * (de, fr) a comma would split every number, so `;`; in English `,`.
 */
export function csvDelimiterFor(language: string): CsvDelimiter {
  return language.toLowerCase().startsWith('en') ? ',' : ';';
}
