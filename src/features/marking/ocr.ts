/**
 * Text recognition on the device: tesseract.js with its LSTM engine and English data (a hose's
 * marking is letters, digits and units), loaded from the app's own origin on first use only
 * (scripts/vite-ocr-assets.ts) and kept for offline use. One recognition worker per page,
 * started on the first read and ended after a minute without reads, so a phone does not keep
 * ≈ 30 MB of engine for nothing. docs/architecture.md, "Reading the marking".
 */
import type { Worker } from 'tesseract.js';

const BASE = (import.meta.env.VITE_OCR_BASE as string | undefined) ?? '/ocr';
const IDLE_MS = 60_000;

let worker: Promise<Worker> | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;

async function start(): Promise<Worker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const started = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${BASE}/worker.min.js`,
    corePath: BASE,
    langPath: BASE,
    gzip: true,
    // The worker script from our origin as it is: the CSP allows workers from 'self' only.
    workerBlobURL: false,
  });
  // A marking is a line or two of print read as one block, not a page of prose.
  await started.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    preserve_interword_spaces: '1',
    // What markings are printed in: letters, digits and the signs of sizes, dates and units —
    // nothing else can be meant, so a speck never becomes a ¢ or a |.
    tessedit_char_whitelist:
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-.,"\' ',
  });
  return started;
}

export type OcrImage = Blob | HTMLCanvasElement | HTMLImageElement;

const MAX_WIDTH = 2000;

/**
 * The photo as the engine reads best: grey, its ground flattened (a steel sleeve's shine and
 * shadow, a curved hose's light: the picture minus a strongly blurred copy of itself), dark
 * print on a light ground (a hose's print is mostly light on black rubber: inverted when the
 * print is the bright tail) and the contrast stretched between the 1st and 99th percentile.
 */
export async function prepare(image: OcrImage): Promise<HTMLCanvasElement> {
  const source = image instanceof Blob ? await createImageBitmap(image) : image;
  const scale = Math.min(1, MAX_WIDTH / source.width);
  const width = Math.round(source.width * scale);
  const height = Math.round(source.height * scale);
  const draw = (filter: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.filter = filter;
    ctx.drawImage(source, 0, 0, width, height);
    return { canvas, ctx, pixels: ctx.getImageData(0, 0, width, height) };
  };
  const sharp = draw('grayscale(1)');
  const ground = draw(`grayscale(1) blur(${Math.max(16, Math.round(height / 2))}px)`).pixels.data;
  if ('close' in source) source.close();
  const d = sharp.pixels.data;
  const flat = new Int16Array(d.length / 4);
  const histogram = new Uint32Array(511);
  for (let i = 0; i < flat.length; i++) {
    flat[i] = d[i * 4]! - ground[i * 4]!;
    histogram[flat[i]! + 255]! += 1;
  }
  const percentile = (p: number) => {
    let seen = 0;
    for (let v = 0; v < 511; v++) if ((seen += histogram[v]!) >= flat.length * p) return v - 255;
    return 255;
  };
  const low = percentile(0.01);
  const high = Math.max(low + 1, percentile(0.99));
  const middle = percentile(0.5);
  // The print is the tail farther from the ground: the bright one means light print.
  const invert = high - middle > middle - low;
  for (let i = 0; i < flat.length; i++) {
    let v = ((flat[i]! - low) * 255) / (high - low);
    if (invert) v = 255 - v;
    d[i * 4] = d[i * 4 + 1] = d[i * 4 + 2] = v;
  }
  sharp.ctx.putImageData(sharp.pixels, 0, 0);
  return sharp.canvas;
}

/**
 * The recognition cannot load: the device is offline and has never loaded it (nothing in the
 * service worker's `ocr` cache). Without this, the engine's worker would wait for ever.
 */
export class OcrUnavailableError extends Error {
  constructor() {
    super('text recognition not loaded on this device');
    this.name = 'OcrUnavailableError';
  }
}

async function assertLoadable(): Promise<void> {
  if (navigator.onLine || typeof caches === 'undefined') return;
  if (!(await caches.match(`${BASE}/worker.min.js`))) throw new OcrUnavailableError();
}

/** The text in `image` and tesseract's mean confidence (0–100). */
export async function readText(image: OcrImage): Promise<{ text: string; confidence: number }> {
  clearTimeout(idle);
  if (!worker) await assertLoadable();
  worker ??= start().catch((err: unknown) => {
    worker = null;
    throw err;
  });
  try {
    const prepared = await prepare(image);
    const { data } = await (await worker).recognize(prepared);
    return { text: data.text, confidence: data.confidence };
  } finally {
    idle = setTimeout(() => void stopReading(), IDLE_MS);
  }
}

/** Ends the recognition worker (the next read starts a new one). */
export async function stopReading(): Promise<void> {
  clearTimeout(idle);
  const running = worker;
  worker = null;
  if (running) await (await running).terminate();
}
