/**
 * The geometry of the hose labels, in PDF points (1/72 in), origin top left as
 * pdfkit draws. Pure, so the renderer and the test that crops each printed QR code read the
 * same boxes.
 *
 * Each label: the QR code in a square on the left (the label's height less its padding), the
 * text beside it. The QR code keeps a quiet zone of 4 modules inside its square (ISO/IEC
 * 18004), and the label's padding adds to it, so a neighbouring label never touches it.
 */
import type { LabelFormat } from '@domain/schemas/labels';

export const MM = 72 / 25.4;
/** Light modules around the symbol, inside the QR square. */
export const QUIET_MODULES = 4;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetLayout {
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** Top left corner of the first label. */
  origin: { x: number; y: number };
  /** Inner margin of a label: nothing is printed closer to its edge. */
  padding: number;
  /** Between the QR square and the text. */
  gutter: number;
  /** Font size the hose code starts from (it shrinks to fit). */
  codeSize: number;
}

export const SHEETS: Record<LabelFormat, SheetLayout> = {
  // A4 (210 × 297 mm): 3 × 70 mm fill the width, 8 × 37 mm leave 0.5 mm above and below.
  'a4-3x8': {
    page: { width: 210 * MM, height: 297 * MM },
    columns: 3,
    rows: 8,
    label: { width: 70 * MM, height: 37 * MM },
    origin: { x: 0, y: 0.5 * MM },
    padding: 3.5 * MM,
    gutter: 2 * MM,
    codeSize: 13,
  },
  // One label per page, 62 mm wide (the roll) and 32 mm long (cut after each label).
  'roll-62': {
    page: { width: 62 * MM, height: 32 * MM },
    columns: 1,
    rows: 1,
    label: { width: 62 * MM, height: 32 * MM },
    origin: { x: 0, y: 0 },
    padding: 2.5 * MM,
    gutter: 2 * MM,
    codeSize: 12,
  },
};

export const labelsPerPage = (sheet: SheetLayout) => sheet.columns * sheet.rows;

export interface LabelBoxes {
  /** 0-based page of the document. */
  page: number;
  label: Box;
  /** The QR square (quiet zone included). */
  qr: Box;
  /** Where the text goes. */
  text: Box;
}

/** The boxes of the `index`-th label (0-based) of a document, row by row, page by page. */
export function labelBoxes(format: LabelFormat, index: number): LabelBoxes {
  const sheet = SHEETS[format];
  const perPage = labelsPerPage(sheet);
  const slot = index % perPage;
  const column = slot % sheet.columns;
  const row = Math.floor(slot / sheet.columns);
  const label: Box = {
    x: sheet.origin.x + column * sheet.label.width,
    y: sheet.origin.y + row * sheet.label.height,
    width: sheet.label.width,
    height: sheet.label.height,
  };
  const side = label.height - 2 * sheet.padding;
  const qr: Box = {
    x: label.x + sheet.padding,
    y: label.y + sheet.padding,
    width: side,
    height: side,
  };
  const textX = qr.x + side + sheet.gutter;
  const text: Box = {
    x: textX,
    y: qr.y,
    width: label.x + label.width - sheet.padding - textX,
    height: side,
  };
  return { page: Math.floor(index / perPage), label, qr, text };
}

/** The module size and the symbol's top left corner for a QR of `size` modules in `square`. */
export function qrPlacement(square: Box, size: number): { module: number; x: number; y: number } {
  const module = square.width / (size + 2 * QUIET_MODULES);
  return {
    module,
    x: square.x + QUIET_MODULES * module,
    y: square.y + QUIET_MODULES * module,
  };
}
