/**
 * The PDF frame every report shares: A4 portrait with embedded faces (`fonts.ts`: Arimo for
 * WinAnsi, which covers German and French; Unicode faces for other scripts), the letterhead on
 * page 1, and — once the content is laid out —
 * the footer with report id and 'page n of m' on every page, plus a draft marker.
 */
import PDFDocument from 'pdfkit';
import { BASE_FACES, registerBaseFaces } from './fonts';
import { widthOf, write } from './pdf-text';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 40;
export const FOOTER_HEIGHT = 28;
export const FONT = BASE_FACES.regular.name;
export const BOLD = BASE_FACES.bold.name;
export const GREY = '#555555';
export const LINE = '#9a9a9a';

export interface Letterhead {
  name: string;
  addressLines: string[];
  logo: Buffer | null;
}

/**
 * `createdAt`: the document's creation date — fixed for a record (its approval), so that
 * rendering it again gives the same bytes; now otherwise.
 */
export function createDoc(title: string, author: string, createdAt?: Date): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    compress: true,
    info: {
      Title: title,
      Author: author,
      Creator: 'Schlauchmanager',
      ...(createdAt ? { CreationDate: createdAt } : {}),
    },
  });
  registerBaseFaces(doc);
  doc.font(FONT).fontSize(9).fillColor('black');
  return doc;
}

type OpenedImage = object;
const opened = new WeakMap<Doc, Map<Buffer, OpenedImage>>();

/**
 * Draws an image, embedding its bytes once per document however often it is drawn (pdfkit
 * caches images by file path only, not by buffer). Throws when pdfkit cannot read it.
 */
export function placeImage(
  doc: Doc,
  bytes: Buffer,
  x: number,
  y: number,
  options: PDFKit.Mixins.ImageOption,
): void {
  let cache = opened.get(doc);
  if (!cache) opened.set(doc, (cache = new Map()));
  let image = cache.get(bytes);
  if (!image) {
    image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
    cache.set(bytes, image);
  }
  doc.image(image as unknown as Buffer, x, y, options);
}

export const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
export const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` points still fit below the cursor. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

/** Logo left (fitted into 150×55), the service company's name and address right. */
export function drawLetterhead(doc: Doc, head: Letterhead): void {
  const top = MARGIN;
  const width = contentWidth(doc);
  let logoBottom = top;
  if (head.logo) {
    try {
      placeImage(doc, head.logo, MARGIN, top, { fit: [150, 55] });
      logoBottom = top + 55;
    } catch {
      // A broken logo file must not cost the report: the name and address still print.
    }
  }
  const textX = MARGIN + 170;
  const textWidth = width - 170;
  write(doc.font(BOLD).fontSize(11), head.name, textX, top, { width: textWidth, align: 'right' });
  doc.font(FONT).fontSize(8.5).fillColor(GREY);
  for (const line of head.addressLines)
    write(doc, line, undefined, undefined, { width: textWidth, align: 'right' });
  doc.fillColor('black');
  doc.y = Math.max(doc.y, logoBottom) + 8;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.8)
    .strokeColor(LINE)
    .stroke();
  doc.x = MARGIN;
  doc.y += 10;
}

/** Report title, and under it the state line (the draft marker for unfinished reports). */
export function drawTitle(doc: Doc, title: string, stateLine: string, draft: boolean): void {
  write(doc.font(BOLD).fontSize(15).fillColor('black'), title, MARGIN, doc.y, {
    width: contentWidth(doc),
  });
  doc.moveDown(0.2);
  doc
    .font(draft ? BOLD : FONT)
    .fontSize(10)
    .fillColor(draft ? '#b00020' : GREY);
  write(doc, stateLine, undefined, undefined, { width: contentWidth(doc) });
  doc.fillColor('black').font(FONT).fontSize(9).moveDown(0.8);
}

/** The draft marker: a red framed label at the top right of every page (in the text layer). */
function draftMarker(doc: Doc, text: string): void {
  const label = text.toUpperCase();
  doc.font(BOLD).fontSize(9);
  const w = widthOf(doc, label) + 12;
  const x = doc.page.width - MARGIN - w;
  const y = MARGIN - 26;
  doc.rect(x, y, w, 15).lineWidth(1).strokeColor('#b00020').stroke();
  write(doc.fillColor('#b00020'), label, x + 6, y + 4, { width: w, lineBreak: false });
  doc.fillColor('black');
}

/**
 * Footer (report id left, 'page n of m' right) and, for drafts, the marker on every page;
 * then ends the document and resolves with its bytes.
 */
export function finishDoc(
  doc: Doc,
  footer: { left: string; page: (page: number, pages: number) => string; draft?: string },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing into the margin must not open a new page
    if (footer.draft) draftMarker(doc, footer.draft);
    const y = doc.page.height - MARGIN - 10;
    const width = contentWidth(doc);
    doc.font(FONT).fontSize(7.5).fillColor(GREY);
    doc
      .moveTo(MARGIN, y - 5)
      .lineTo(MARGIN + width, y - 5)
      .lineWidth(0.5)
      .strokeColor(LINE);
    doc.stroke();
    write(doc, footer.left, MARGIN, y, { width: width * 0.7, lineBreak: false });
    const pageText = footer.page(i - range.start + 1, range.count);
    write(doc, pageText, MARGIN + width * 0.7, y, { width: width * 0.3, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
