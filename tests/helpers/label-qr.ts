/**
 * Reads a hose labels PDF back as a phone would: renders its pages with poppler
 * (`pdftoppm -r 200 -png`), crops each label's QR square by the layout the server drew it
 * with (server/src/reports/labels-layout), and decodes it with jsQR. Shared by the server
 * test and the end-to-end test.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { labelBoxes, type Box } from '../../server/src/reports/labels-layout';
import type { LabelFormat } from '../../src/domain/schemas/labels';

const run = promisify(execFile);
const DPI = 200;
const px = (pt: number) => Math.round((pt * DPI) / 72);

/** The RGBA pixels of `box` (in points) on a rendered page. */
function crop(page: PNG, box: Box): { data: Uint8ClampedArray; width: number; height: number } {
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

/** The pages of a PDF as PNGs at 200 dpi, in order. */
export async function renderPages(pdf: Buffer): Promise<PNG[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sm-labels-'));
  try {
    const file = path.join(dir, 'labels.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-r', String(DPI), '-png', file, path.join(dir, 'page')]);
    // pdftoppm pads the page number to the width of the last one: page-1.png or page-01.png.
    const names = (await readdir(dir))
      .filter((n) => n.endsWith('.png'))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)?.[1]) - Number(/(\d+)\.png$/.exec(b)?.[1]));
    return Promise.all(names.map(async (n) => PNG.sync.read(await readFile(path.join(dir, n)))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the QR code of each of the first `count` labels holds (null: not decodable). */
export async function decodeLabelQrs(
  pdf: Buffer,
  format: LabelFormat,
  count: number,
): Promise<(string | null)[]> {
  const pages = await renderPages(pdf);
  return Array.from({ length: count }, (_, i) => {
    const boxes = labelBoxes(format, i);
    const page = pages[boxes.page];
    if (!page) return null;
    const { data, width, height } = crop(page, boxes.qr);
    return jsQR(data, width, height)?.data ?? null;
  });
}
