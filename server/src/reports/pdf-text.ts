/**
 * Writing and measuring text in a report with the Unicode fallback faces of `fonts.ts`. Text
 * the base face can print goes straight to pdfkit (the common case, unchanged); any other text is
 * drawn run by run with `continued: true`, so pdfkit still wraps it as one paragraph.
 */
import { isMark, isPlain, registerRuns, splitRuns, type Run } from './fonts';

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/** pdfkit's current font and size (kept in `_font`/`_fontSize`; the name is the font's key). */
function current(doc: Doc): { name: string; ascender: number; size: number } {
  const d = doc as unknown as { _font?: { name?: string; ascender?: number }; _fontSize?: number };
  return {
    name: d._font?.name ?? 'Arimo-Regular',
    ascender: d._font?.ascender ?? 718,
    size: d._fontSize ?? 12,
  };
}

const currentFont = (doc: Doc) => current(doc).name;

function runsOf(doc: Doc, text: string): { base: string; runs: Run[] } {
  const base = currentFont(doc);
  const bold = base.includes('Bold');
  const runs = splitRuns(text, base, bold);
  registerRuns(doc, runs, bold);
  return { base, runs };
}

/** The width of a one-line text in the current font and size, each run in its own face. */
export function widthOf(doc: Doc, text: string): number {
  if (isPlain(text)) return doc.widthOfString(text);
  const { base, runs } = runsOf(doc, text);
  let width = 0;
  for (const run of runs) width += doc.font(run.font).widthOfString(run.text);
  doc.font(base);
  return width;
}

/** Wide characters (Chinese, emoji) stand in as 'W', the others as 'N': a safe overestimate. */
function standIn(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isPlain(ch)) out += ch;
    else if (isMark(cp)) continue;
    else out += cp >= 0x2e80 ? 'W' : 'N';
  }
  return out;
}

/**
 * The height a text takes when wrapped. pdfkit measures in one face only, so text with other
 * faces is measured with base-face stand-ins at least as wide as the real glyphs.
 */
export function heightOf(doc: Doc, text: string, options?: TextOptions): number {
  return doc.heightOfString(isPlain(text) ? text : standIn(text), options);
}

/**
 * `doc.text(text, x, y, options)` for any Unicode text. pdfkit aligns each continued run on its
 * own, so a right-aligned or centred text that fits one line is placed by its measured width.
 */
export function write(
  doc: Doc,
  text: string,
  x?: number,
  y?: number,
  options: TextOptions = {},
): Doc {
  if (isPlain(text))
    return x === undefined ? doc.text(text, options) : doc.text(text, x, y, options);
  const { base, runs } = runsOf(doc, text);
  let opts = options;
  const { align, width } = options;
  if ((align === 'right' || align === 'center') && width && !text.includes('\n')) {
    const w = widthOf(doc, text);
    if (w <= width) {
      const shift = align === 'right' ? width - w : (width - w) / 2;
      x = (x ?? doc.x) + shift;
      opts = { ...options, width: width - shift, align: 'left' };
    }
  }
  // Every face sits on the base face's baseline (pdfkit would hang each from its own ascender).
  const { ascender, size } = current(doc);
  const baseline = -(ascender / 1000) * size;
  runs.forEach((run, i) => {
    const o = { ...opts, baseline, continued: i < runs.length - 1 };
    doc.font(run.font);
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, o);
    else doc.text(run.text, o);
  });
  return doc.font(base);
}
