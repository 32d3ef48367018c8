/**
 * A ruled table that breaks across pages: cells wrap within their column, a row never splits,
 * and the header row is repeated on every page the table continues on.
 */
import { BOLD, contentWidth, FONT, LINE, MARGIN, pageBottom, type Doc } from './pdf-document';
import { heightOf, widthOf, write } from './pdf-text';

export interface Column {
  header: string;
  /** Share of the content width (the shares need not add up to 1). */
  weight: number;
  align?: 'left' | 'center' | 'right';
  /** Never wrap (e.g. hose codes, which must stay whole in the text layer): shrink instead. */
  noWrap?: boolean;
}

export interface TableRow {
  cells: string[];
  /** Background of the row, e.g. a light red for defects. */
  fill?: string;
}

const PAD = 2.5;
const MIN_SIZE = 4.5;
const SIZE = 7.5;
const HEADER_SIZE = 7;

function widths(doc: Doc, columns: readonly Column[]): number[] {
  const total = columns.reduce((s, c) => s + c.weight, 0);
  return columns.map((c) => (contentWidth(doc) * c.weight) / total);
}

/** The font size that fits a no-wrap cell on one line, or null when even MIN_SIZE is too big. */
function oneLineSize(doc: Doc, text: string, width: number, size: number): number | null {
  doc.fontSize(size);
  const w = widthOf(doc, text);
  doc.fontSize(size);
  if (w <= width) return size;
  const fit = (size * width) / w;
  return fit >= MIN_SIZE ? fit : null;
}

function rowHeight(
  doc: Doc,
  cells: readonly string[],
  ws: number[],
  font: string,
  columns: readonly Column[],
): number {
  doc.font(font).fontSize(font === BOLD ? HEADER_SIZE : SIZE);
  const line = doc.currentLineHeight(true);
  // Most cells fit on one line: measuring their width is much cheaper than wrapping them.
  const heights = cells.map((text, i) => {
    const width = (ws[i] ?? 10) - 2 * PAD;
    const oneLine = columns[i]?.noWrap
      ? oneLineSize(doc, text, width, SIZE) !== null
      : !text.includes('\n') && widthOf(doc, text) <= width;
    if (!text || oneLine) return line;
    return heightOf(doc, text, { width });
  });
  return Math.max(...heights) + 2 * PAD;
}

function drawRow(
  doc: Doc,
  y: number,
  cells: readonly string[],
  ws: number[],
  columns: readonly Column[],
  opts: { font: string; fill?: string; height: number },
): void {
  const width = contentWidth(doc);
  if (opts.fill) doc.rect(MARGIN, y, width, opts.height).fillColor(opts.fill).fill();
  doc
    .fillColor('black')
    .font(opts.font)
    .fontSize(opts.font === BOLD ? HEADER_SIZE : SIZE);
  const size = opts.font === BOLD ? HEADER_SIZE : SIZE;
  let x = MARGIN;
  cells.forEach((text, i) => {
    const w = ws[i] ?? 10;
    const align = columns[i]?.align ?? 'left';
    const fit =
      columns[i]?.noWrap && opts.font !== BOLD && oneLineSize(doc, text, w - 2 * PAD, size);
    if (fit) {
      doc.fontSize(fit);
      write(doc, text, x + PAD, y + PAD, { width: w - 2 * PAD, align, lineBreak: false });
      doc.fontSize(size);
    } else {
      write(doc, text, x + PAD, y + PAD, { width: w - 2 * PAD, align });
    }
    x += w;
  });
  doc.rect(MARGIN, y, width, opts.height).lineWidth(0.4).strokeColor(LINE).stroke();
  x = MARGIN;
  for (const w of ws.slice(0, -1)) {
    x += w;
    doc
      .moveTo(x, y)
      .lineTo(x, y + opts.height)
      .stroke();
  }
}

export function table(doc: Doc, columns: readonly Column[], rows: readonly TableRow[]): void {
  const ws = widths(doc, columns);
  const headers = columns.map((c) => c.header);
  const headerHeight = rowHeight(doc, headers, ws, BOLD, columns);
  const header = () => {
    const y = doc.y;
    drawRow(doc, y, headers, ws, columns, { font: BOLD, fill: '#e8e8e8', height: headerHeight });
    doc.y = y + headerHeight;
  };
  if (doc.y + headerHeight * 2 > pageBottom(doc)) doc.addPage();
  header();
  for (const row of rows) {
    const h = rowHeight(doc, row.cells, ws, FONT, columns);
    if (doc.y + h > pageBottom(doc)) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    drawRow(doc, y, row.cells, ws, columns, { font: FONT, fill: row.fill, height: h });
    doc.y = y + h;
  }
  doc.x = MARGIN;
  doc.y += 6;
  doc.font(FONT).fontSize(9);
}
