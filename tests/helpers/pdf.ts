/**
 * Reads a PDF back in JavaScript (pdfjs-dist, legacy build for Node), for the report, label
 * and end-to-end tests: its text layer, page count, fonts and images, and its pages rendered
 * to pixels (through pdf.js's Node canvas, `@napi-rs/canvas`). Nothing outside node_modules
 * is needed (docs/testing.md), except for `popplerFonts`, which asks poppler's `pdffonts`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDocument, OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const execFileAsync = promisify(execFile);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function withDocument<T>(pdf: Buffer, fn: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    fontExtraProperties: true,
    verbosity: 0,
  }).promise;
  try {
    return await fn(doc);
  } finally {
    await doc.destroy();
  }
}

const pageNumbers = (doc: PDFDocumentProxy) =>
  Array.from({ length: doc.numPages }, (_, i) => i + 1);

interface TextPiece {
  str: string;
  x: number;
  y: number;
  width: number;
}

/**
 * The text of each page as lines, top to bottom: pieces on one baseline are joined left to
 * right, with a space where there is a gap between them (as `pdftotext -layout` reads it,
 * without the column padding). Pages are separated by a form feed.
 */
export const pdfText = (pdf: Buffer): Promise<string> =>
  withDocument(pdf, async (doc) => {
    const pages: string[] = [];
    for (const n of pageNumbers(doc)) {
      const content = await (await doc.getPage(n)).getTextContent();
      const pieces: TextPiece[] = [];
      for (const item of content.items)
        if ('str' in item && item.str !== '')
          pieces.push({
            str: item.str,
            x: item.transform[4] as number,
            y: item.transform[5] as number,
            width: item.width,
          });
      pieces.sort((a, b) => b.y - a.y || a.x - b.x);
      const lines: TextPiece[][] = [];
      for (const piece of pieces) {
        const line = lines.at(-1);
        if (line && Math.abs(line[0]!.y - piece.y) < 2) line.push(piece);
        else lines.push([piece]);
      }
      pages.push(
        lines
          .map((line) => {
            line.sort((a, b) => a.x - b.x);
            let text = '';
            let end = -Infinity;
            for (const piece of line) {
              if (text !== '' && piece.x - end > 0.5) text += ' ';
              text += piece.str;
              end = piece.x + piece.width;
            }
            return text.replace(/[ \t]+/g, ' ');
          })
          .join('\n'),
      );
    }
    return pages.join('\n\f');
  });

export const pdfPages = (pdf: Buffer): Promise<number> =>
  withDocument(pdf, async (doc) => doc.numPages);

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
]);

/**
 * Images the PDF draws (each painting counts), and how many distinct image objects it embeds
 * (an image drawn twice is embedded once).
 */
export const pdfImages = (pdf: Buffer): Promise<{ drawn: number; embedded: number }> =>
  withDocument(pdf, async (doc) => {
    let drawn = 0;
    for (const n of pageNumbers(doc)) {
      const ops = await (await doc.getPage(n)).getOperatorList();
      for (const fn of ops.fnArray) if (IMAGE_OPS.has(fn)) drawn += 1;
    }
    // The image objects of the file itself: pdf.js names an XObject per page it is used on.
    const embedded = pdf.toString('latin1').match(/\/Subtype\s*\/Image\b/g)?.length ?? 0;
    return { drawn, embedded };
  });

/** The names of the fonts the pages use (`ABCDEF+DejaVuSans` for an embedded subset). */
export const pdfFonts = (pdf: Buffer): Promise<string[]> =>
  withDocument(pdf, async (doc) => {
    const names = new Set<string>();
    for (const n of pageNumbers(doc)) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      ops.fnArray.forEach((fn, i) => {
        if (fn !== OPS.setFont) return;
        const font = page.commonObjs.get(String((ops.argsArray[i] as unknown[])[0])) as {
          name?: string;
        };
        if (font.name) names.add(font.name);
      });
    }
    return [...names].sort();
  });

export interface RenderedPage {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
}

/** The pages rendered at `dpi`, in order. */
export const renderPdfPages = (pdf: Buffer, dpi: number): Promise<RenderedPage[]> =>
  withDocument(pdf, async (doc) => {
    const out: RenderedPage[] = [];
    for (const n of pageNumbers(doc)) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const factory = doc.canvasFactory as {
        create(
          w: number,
          h: number,
        ): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
      };
      const { canvas, context } = factory.create(width, height);
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      out.push({ width, height, data: context.getImageData(0, 0, width, height).data });
    }
    return out;
  });

export interface PopplerFont {
  name: string;
  type: string;
  embedded: boolean;
}

/**
 * The fonts of a PDF as poppler's `pdffonts` lists them (Debian's poppler-utils, which
 * `.ci/run` installs): name, type and whether the font is embedded ("emb yes"). Null where
 * `pdffonts` is not installed.
 */
export async function popplerFonts(pdf: Buffer): Promise<PopplerFont[] | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sm-pdffonts-'));
  try {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf);
    let stdout: string;
    try {
      ({ stdout } = await execFileAsync('pdffonts', [file]));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    // A header line, a line of dashes per column, then one line per font; the dashes give the
    // columns (names and types hold spaces).
    const [, rule = '', ...rows] = stdout.split('\n');
    const columns = [...rule.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length]);
    const cell = (row: string, i: number) => row.slice(columns[i]![0], columns[i]![1]).trim();
    return rows
      .filter((row) => row.trim() !== '')
      .map((row) => ({ name: cell(row, 0), type: cell(row, 1), embedded: cell(row, 3) === 'yes' }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
