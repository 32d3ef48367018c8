/**
 * The reports' faces, every one embedded (an archived PDF prints the same anywhere). The base
 * face is Arimo, metric-compatible with Helvetica, so German and French reports look and wrap as
 * with the PDF built-in face they used before. Text outside WinAnsi (ẞ, Ω, Chinese, Hebrew,
 * Arabic, emoji in hose codes, comments, names): every such character is drawn with the first
 * Unicode face that has its glyph: DejaVu Sans (Latin, Greek, Cyrillic, Hebrew, Arabic, some
 * symbols), Noto Emoji (monochrome emoji), Noto Sans SC (Chinese). pdfkit has no fallback of its
 * own, so a text is split into runs per face and drawn with `continued: true`. The faces come
 * from npm packages (resolved with createRequire, so a clean `npm ci` has them), are read only
 * when a text needs them (Noto Sans SC is 10 MB) and pdfkit embeds only the glyphs used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The part of a fontkit font we need; fontkit is pdfkit's own dependency. */
interface Face {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
  create(data: Buffer): Face;
};

interface Fallback {
  /** The name the face is registered under in a document. */
  name: string;
  file: string;
}

const FALLBACKS: Record<'regular' | 'bold', readonly Fallback[]> = {
  regular: [
    { name: 'DejaVuSans', file: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf' },
    {
      name: 'NotoEmoji',
      file: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    },
    {
      name: 'NotoSansSC',
      file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    },
  ],
  bold: [
    { name: 'DejaVuSans-Bold', file: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' },
    { name: 'NotoEmoji-Bold', file: '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf' },
    // One weight of the 10 MB Chinese face is enough: bold Chinese prints regular.
    {
      name: 'NotoSansSC',
      file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    },
  ],
};

/** The base faces (regular, bold): every WinAnsi character is drawn with them. */
export const BASE_FACES = {
  regular: {
    name: 'Arimo-Regular',
    file: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  },
  bold: { name: 'Arimo-Bold', file: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf' },
} as const satisfies Record<string, Fallback>;

const loaded = new Map<string, { face: Face }>();

/**
 * Reads and parses a face once per process, on first use. Every document is handed the parsed
 * face (pdfkit takes a fontkit font as it is): parsing the 10 MB Chinese face per report would
 * cost more than drawing the report.
 */
function load(f: Fallback): { face: Face } {
  let got = loaded.get(f.file);
  if (!got) {
    got = { face: fontkit.create(readFileSync(require.resolve(f.file))) };
    loaded.set(f.file, got);
  }
  return got;
}

/** The characters of WinAnsi (cp1252) beyond Latin-1 (the base face has them all). */
const WIN_ANSI_EXTRA = new Set(
  [...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((c) => c.codePointAt(0) ?? 0),
);

/** ASCII with its control characters (\n, \r, \t: handled by pdfkit as before), Latin-1, cp1252. */
function winAnsi(cp: number): boolean {
  return cp <= 0x7e || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
}

/** True when the base face prints the whole text: the common case, drawn exactly as before. */
export function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!winAnsi(text.charCodeAt(i))) return false;
  return true;
}

/** Joiners, variation selectors, combining marks and tags: they belong to the character before. */
export function isMark(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200d) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0xe0020 && cp <= 0xe007f)
  );
}

const HEBREW = /^[\u0590-\u05ff\ufb1d-\ufb4f]$/u;
const ARABIC = /^[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]$/u;

type Script = 'ltr' | 'hebrew' | 'arabic' | 'neutral';

function scriptOf(ch: string): Script {
  if (/\s/.test(ch) || isMark(ch.codePointAt(0) ?? 0)) return 'neutral';
  if (HEBREW.test(ch)) return 'hebrew';
  if (ARABIC.test(ch)) return 'arabic';
  return 'ltr';
}

export interface Run {
  font: string;
  text: string;
  rtl: boolean;
}

/** The registered font that draws `ch`: the base font when it can, else the first fallback. */
function faceFor(ch: string, base: string, chain: readonly Fallback[]): string | null {
  const cp = ch.codePointAt(0) ?? 0;
  if (winAnsi(cp)) return base;
  for (const f of chain) if (load(f).face.hasGlyphForCodePoint(cp)) return f.name;
  return null;
}

/**
 * Splits a text into runs of one face and one direction. Runs of Hebrew or Arabic are laid out
 * right to left by fontkit (glyphs reversed, Arabic joined); consecutive right-to-left runs and
 * the spaces between them are put in right-to-left order here — the small part of the Unicode
 * bidi algorithm a name or a comment needs.
 */
export function splitRuns(text: string, base: string, bold: boolean): Run[] {
  const chain = FALLBACKS[bold ? 'bold' : 'regular'];
  const runs: (Run & { script: Script })[] = [];
  for (const ch of text) {
    const script = scriptOf(ch);
    const last = runs[runs.length - 1];
    if (last && script === 'neutral') {
      const cp = ch.codePointAt(0) ?? 0;
      const keep = last.font === base ? winAnsi(cp) : fontHas(last.font, cp, chain);
      // A space after right-to-left text starts its own run, so it is not reversed with it.
      if (keep && !(last.rtl && /\s/.test(ch))) {
        last.text += ch;
        continue;
      }
    }
    const font = faceFor(ch, base, chain) ?? last?.font ?? chain[0]?.name ?? base;
    const rtl = script === 'hebrew' || script === 'arabic';
    const runScript = script === 'neutral' ? 'neutral' : script;
    if (last && last.font === font && last.script === runScript && last.rtl === rtl) {
      last.text += ch;
    } else runs.push({ font, text: ch, rtl, script: runScript });
  }
  return reorderRtl(runs).map(({ font, text: t, rtl }) => ({ font, text: t, rtl }));
}

function fontHas(name: string, cp: number, chain: readonly Fallback[]): boolean {
  const f = chain.find((c) => c.name === name);
  return f ? load(f).face.hasGlyphForCodePoint(cp) : false;
}

/** Reverses every sequence of right-to-left runs (with only spaces between them). */
function reorderRtl<T extends Run>(runs: T[]): T[] {
  const out: T[] = [];
  let i = 0;
  while (i < runs.length) {
    const run = runs[i] as T;
    if (!run.rtl) {
      out.push(run);
      i += 1;
      continue;
    }
    let end = i;
    let j = i + 1;
    while (j < runs.length) {
      const next = runs[j] as T;
      if (next.rtl) end = j;
      else if (next.text.trim() !== '') break;
      j += 1;
    }
    out.push(...runs.slice(i, end + 1).reverse());
    i = end + 1;
  }
  return out;
}

/** Registers the base faces in a new document. */
export function registerBaseFaces(doc: PDFKit.PDFDocument): void {
  for (const f of Object.values(BASE_FACES))
    doc.registerFont(f.name, load(f).face as unknown as Buffer);
}

const registered = new WeakMap<object, Set<string>>();

/** Registers the fallback faces `runs` use in `doc` (once per document). */
export function registerRuns(doc: PDFKit.PDFDocument, runs: readonly Run[], bold: boolean): void {
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  for (const run of runs) {
    if (names.has(run.font)) continue;
    const f = FALLBACKS[bold ? 'bold' : 'regular'].find((c) => c.name === run.font);
    if (!f) continue;
    // pdfkit's types list only file names and bytes; its font factory also takes a fontkit font.
    doc.registerFont(f.name, load(f).face as unknown as Buffer);
    names.add(f.name);
  }
}
