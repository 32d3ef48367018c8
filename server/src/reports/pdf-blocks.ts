/** Building blocks of the reports' body: headings, label/value grids, photos, signature. */
import {
  BOLD,
  contentWidth,
  ensureSpace,
  FONT,
  GREY,
  LINE,
  MARGIN,
  placeImage,
  type Doc,
} from './pdf-document';
import { heightOf, write } from './pdf-text';

/**
 * A section heading. It never stands alone at a page's foot: it moves to the next page unless
 * `keepWith` points (the height of what must follow it on the same page) fit below it.
 */
export function heading(doc: Doc, text: string, keepWith = 36): void {
  ensureSpace(doc, 24 + keepWith);
  doc.moveDown(0.4);
  write(doc.font(BOLD).fontSize(11).fillColor('black'), text, MARGIN, doc.y, {
    width: contentWidth(doc),
  });
  const y = doc.y + 1;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(LINE);
  doc.stroke();
  doc.y = y + 5;
  doc.font(FONT).fontSize(9);
}

export type Pair = readonly [label: string, value: string];

/**
 * Label/value pairs, one per line, in `columns` columns side by side (labels grey above
 * nothing: label left, value right of it). Rows keep their pairs level.
 */
export function pairs(doc: Doc, list: readonly Pair[], columns = 2): void {
  const width = contentWidth(doc);
  const gap = 14;
  const colWidth = (width - gap * (columns - 1)) / columns;
  const labelWidth = Math.min(150, colWidth * 0.45);
  const valueWidth = colWidth - labelWidth - 4;
  for (let i = 0; i < list.length; i += columns) {
    const row = list.slice(i, i + columns);
    doc.fontSize(9);
    const heights = row.map(([label, value]) =>
      Math.max(
        heightOf(doc.font(FONT), label, { width: labelWidth }),
        heightOf(doc.font(BOLD), value || '–', { width: valueWidth }),
      ),
    );
    const h = Math.max(...heights);
    ensureSpace(doc, h + 3);
    const y = doc.y;
    row.forEach(([label, value], c) => {
      const x = MARGIN + c * (colWidth + gap);
      write(doc.font(FONT).fillColor(GREY), label, x, y, { width: labelWidth });
      doc.font(BOLD).fillColor('black');
      write(doc, value || '–', x + labelWidth + 4, y, { width: valueWidth });
    });
    doc.x = MARGIN;
    doc.y = y + h + 3;
  }
  doc.font(FONT);
}

/** A paragraph of body text across the page. */
export function paragraph(doc: Doc, text: string, opts: { bold?: boolean; size?: number } = {}) {
  doc
    .font(opts.bold ? BOLD : FONT)
    .fontSize(opts.size ?? 9)
    .fillColor('black');
  ensureSpace(doc, heightOf(doc, text, { width: contentWidth(doc) }) + 2);
  write(doc, text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.font(FONT).fontSize(9);
}

export const PHOTO_HEIGHT = 165;
const PHOTO_BOX: [number, number] = [220, PHOTO_HEIGHT];

/**
 * Photos two per row, each fitted into its box; a missing or unreadable one prints
 * `missingText` in its place instead of failing the document.
 */
export function photos(doc: Doc, images: readonly (Buffer | null)[], missingText: string): void {
  const [w, h] = PHOTO_BOX;
  const gap = 12;
  for (let i = 0; i < images.length; i += 2) {
    ensureSpace(doc, h + 8);
    const y = doc.y;
    images.slice(i, i + 2).forEach((image, c) => {
      const x = MARGIN + c * (w + gap);
      if (!drawImage(doc, image, x, y, [w, h])) {
        doc.rect(x, y, w, 40).lineWidth(0.5).strokeColor(LINE).stroke();
        doc.font(FONT).fontSize(8.5).fillColor(GREY);
        write(doc, missingText, x + 6, y + 15, { width: w - 12, align: 'center' });
        doc.fillColor('black');
      }
    });
    doc.x = MARGIN;
    doc.y = y + h + 8;
  }
}

/** Draws an image fitted into `box`; false when there is none or pdfkit cannot read it. */
export function drawImage(
  doc: Doc,
  image: Buffer | null,
  x: number,
  y: number,
  box: [number, number],
): boolean {
  if (!image) return false;
  try {
    placeImage(doc, image, x, y, { fit: box });
    return true;
  } catch {
    return false;
  }
}

export interface SignatureBlock {
  title: string;
  role: string;
  nameLabel: string;
  name: string;
  dateLabel: string;
  date: string;
  image: Buffer | null;
  missingText: string;
}

/** The signature image over a line, the role ('competent person') and name and date under it. */
export function signature(doc: Doc, s: SignatureBlock): void {
  ensureSpace(doc, 175); // heading, image, line and name stay together
  heading(doc, s.title);
  const y = doc.y + 4;
  const boxW = 220;
  const boxH = 70;
  if (!drawImage(doc, s.image, MARGIN, y, [boxW, boxH])) {
    write(doc.font(FONT).fontSize(8.5).fillColor(GREY), s.missingText, MARGIN, y + boxH / 2 - 5);
  }
  const lineY = y + boxH + 4;
  doc
    .moveTo(MARGIN, lineY)
    .lineTo(MARGIN + boxW, lineY)
    .lineWidth(0.8)
    .strokeColor('black');
  doc.stroke();
  write(doc.font(BOLD).fontSize(9).fillColor('black'), s.role, MARGIN, lineY + 4, {
    width: boxW,
  });
  doc.x = MARGIN;
  doc.y = lineY + 18;
  pairs(
    doc,
    [
      [s.nameLabel, s.name],
      [s.dateLabel, s.date],
    ],
    1,
  );
}
