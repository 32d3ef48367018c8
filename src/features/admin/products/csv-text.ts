/**
 * CSV text in and out (RFC 4180 quoting), for the price list. German offices open CSV in Excel
 * with a semicolon and a decimal comma, so that is what the export writes (with a BOM, so
 * Excel reads UTF-8); the import accepts semicolon, comma or tab, whichever the header uses.
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

/** Cents as a euro amount with a decimal comma ('1234,50') or point ('1234.50'), no grouping. */
export function formatEuro(cents: number, decimal: ',' | '.' = ','): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A euro amount as integer cents, in either decimal style: '12,5', '12.50', '1.234,50',
 * '1,234.50', '1 234,50 €', '12'. With both marks the last one is the decimal mark; a single
 * mark followed by exactly three digits groups thousands ('1.500' = 1500 €), otherwise it is
 * the decimal mark. More than two decimals or anything else: null. String arithmetic only,
 * so 0,29 is exactly 29 cents.
 */
export function parseEuroCents(raw: string): number | null {
  const text = raw.replace(/[\s\u00a0€]/g, '').replace(/EUR$/i, '');
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let whole = text;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = lastDot > lastComma ? '.' : ',';
    const group = mark === '.' ? ',' : '.';
    const at = text.lastIndexOf(mark);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (!isGrouped(whole, group)) return null;
    whole = whole.split(group).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const parts = text.split(mark);
    const tail = parts[parts.length - 1] ?? '';
    if (parts.length > 2 || tail.length === 3) {
      if (!isGrouped(text, mark)) return null;
      whole = parts.join('');
    } else {
      whole = parts[0] ?? '';
      fraction = tail;
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** '1.234.567' grouped by threes with `mark`. */
function isGrouped(text: string, mark: string): boolean {
  const [first, ...rest] = text.split(mark);
  return /^\d{1,3}$/.test(first ?? '') && rest.every((g) => /^\d{3}$/.test(g));
}
