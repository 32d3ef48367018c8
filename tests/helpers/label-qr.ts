/**
 * Reads a hose labels PDF back as a phone would: renders its pages at 200 dpi
 * (tests/helpers/pdf.ts), crops each label's QR square by the layout the server drew it
 * with (server/src/reports/labels-layout), and decodes it with jsQR. Shared by the server
 * test and the end-to-end test.
 */
import jsQR from 'jsqr';
import { labelBoxes, type Box } from '@server/reports/labels-layout';
import type { LabelFormat } from '@domain/schemas/labels';
import { renderPdfPages, type RenderedPage } from './pdf';

const DPI = 200;
const px = (pt: number) => Math.round((pt * DPI) / 72);

/** The RGBA pixels of `box` (in points) on a rendered page. */
function crop(
  page: RenderedPage,
  box: Box,
): { data: Uint8ClampedArray; width: number; height: number } {
  const x0 = Math.max(0, px(box.x));
  const y0 = Math.max(0, px(box.y));
  const width = Math.min(page.width - x0, px(box.width));
  const height = Math.min(page.height - y0, px(box.height));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y0 + row) * page.width + x0) * 4;
    data.set(page.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { data, width, height };
}

/** What the QR code of each of the first `count` labels holds (null: not decodable). */
export async function decodeLabelQrs(
  pdf: Buffer,
  format: LabelFormat,
  count: number,
): Promise<(string | null)[]> {
  const pages = await renderPdfPages(pdf, DPI);
  return Array.from({ length: count }, (_, i) => {
    const boxes = labelBoxes(format, i);
    const page = pages[boxes.page];
    if (!page) return null;
    const { data, width, height } = crop(page, boxes.qr);
    return jsQR(data, width, height)?.data ?? null;
  });
}
