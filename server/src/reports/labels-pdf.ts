/**
 * Draws hose labels into a PDF: per label a QR code of the hose's link, drawn as
 * vector squares from `qrcode`'s module matrix (crisp at any print size, no raster), and the
 * hose code (large, readable by eye), its position, the machine, the installation date when
 * recorded and the next due date as text (so the PDF's text layer holds every code). Geometry from labels-layout.ts.
 */
import PDFDocument from 'pdfkit';
import type { LabelFormat } from '@domain/schemas/labels';
import { labelBoxes, SHEETS, type Box } from './labels-layout';
import { drawQr } from './pdf-qr';
import { registerBaseFaces } from './fonts';
import { BOLD, FONT, GREY } from './pdf-document';
import { widthOf, write } from './pdf-text';
import type { ReportTexts } from './report-texts';

type Doc = PDFKit.PDFDocument;

export interface HoseLabel {
  code: string;
  position: number;
  /** The machine as the app names it: type (inventory number). */
  machine: string;
  /** ISO day the assembly was fitted to the machine; null: not recorded. */
  installationDate: string | null;
  /** ISO day; null: never checked, due now. */
  nextDue: string | null;
  /** What the QR code holds: `{PUBLIC_URL}/h/{code}`. */
  link: string;
}

const MIN_CODE_SIZE = 7;

/** The largest size from `start` down at which `text` fits `width` on one line. */
function fittingSize(doc: Doc, text: string, width: number, start: number): number {
  let size = start;
  while (size > MIN_CODE_SIZE && widthOf(doc.fontSize(size), text) > width) size -= 0.5;
  return size;
}

function drawText(doc: Doc, box: Box, label: HoseLabel, texts: ReportTexts, codeSize: number) {
  const { t } = texts;
  const one = { width: box.width, lineBreak: false, ellipsis: true } as const;
  doc.font(BOLD);
  const size = fittingSize(doc, label.code, box.width, codeSize);
  // A code too long even at the smallest size wraps onto a second line rather than being cut.
  write(doc.fontSize(size).fillColor('black'), label.code, box.x, box.y, {
    width: box.width,
    height: size * 2.4,
  });
  doc.moveDown(0.15);
  write(
    doc.font(FONT).fontSize(8.5),
    t('labels.position', { position: label.position }),
    box.x,
    doc.y,
    one,
  );
  doc.moveDown(0.1);
  write(doc.fontSize(7.5).fillColor(GREY), label.machine, box.x, doc.y, {
    width: box.width,
    height: 7.5 * 2.7,
    ellipsis: true,
  });
  // The due date sits at the bottom of the text box, wherever the lines above ended.
  const dueY = box.y + box.height - 8.5 * 1.15 - 6.5 * 1.2;
  // The installation date, where recorded, just above it — when the lines above left room.
  const installedY = dueY - 6.5 * 1.25;
  if (label.installationDate && doc.y <= installedY) {
    const installed = t('labels.installed', { day: texts.day(label.installationDate) });
    write(doc.fontSize(6.5).fillColor(GREY), installed, box.x, installedY, one);
  }
  write(doc.fontSize(6.5).fillColor(GREY), t('labels.nextDue'), box.x, dueY, one);
  const due = label.nextDue ? texts.day(label.nextDue) : t('labels.dueNow');
  write(doc.font(BOLD).fontSize(8.5).fillColor('black'), due, box.x, doc.y, one);
}

/** The labels, in order, as a PDF in the sheet's format (at least one page). */
export function renderLabels(
  labels: readonly HoseLabel[],
  format: LabelFormat,
  texts: ReportTexts,
): Promise<Buffer> {
  const sheet = SHEETS[format];
  const doc = new PDFDocument({
    size: [sheet.page.width, sheet.page.height],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: texts.t('labels.title'), Creator: 'Schlauchmanager' },
  });
  registerBaseFaces(doc);
  // Label sheets must print at 100 %: ask the viewer not to fit the page to the paper.
  // (pdfkit writes this ref at `end()`, as it does for its own `displayTitle` option.)
  (doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.ViewerPreferences =
    doc.ref({ PrintScaling: 'None' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let page = -1;
  labels.forEach((label, i) => {
    const boxes = labelBoxes(format, i);
    if (boxes.page !== page) {
      doc.addPage();
      page = boxes.page;
    }
    drawQr(doc, boxes.qr, label.link);
    drawText(doc, boxes.text, label, texts, sheet.codeSize);
  });
  if (page < 0) doc.addPage();
  doc.end();
  return done;
}
