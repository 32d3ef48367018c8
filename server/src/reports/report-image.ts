/**
 * The image a report draws for a stored photo: never the original PNG (pdfkit would inflate
 * every pixel of it at once — a small file can hold 400 megapixels), but a copy of at most
 * REPORT_IMAGE_SIDE pixels a side, made once and kept in the file store next to the original
 * (key `<storagePath>.report.png`), so every instance draws the same copy. The copy is made row by row from the inflating stream, so
 * its memory is a few rows of the original plus the copy itself, whatever the original.
 * A JPEG is embedded as it is: pdfkit copies its compressed bytes into the PDF without
 * decoding them, so it costs its file size (at most MAX_FILE_BYTES). An image over the
 * upload limits (stored before they existed) or one that cannot be read gives null, and the
 * report prints its "photo not available" line instead.
 */
import { createReadStream } from 'node:fs';
import { crc32, createInflate, deflateSync } from 'node:zlib';
import { imageSizeOf, imageWithinLimits } from '../modules/files/image-size';
import type { BlobStore } from '../modules/files/blob-store';

/** Longest side of the copy a report draws (about 270 dpi over a full A4 column). */
export const REPORT_IMAGE_SIDE = 1600;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Header {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlace: number;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Undoes a scanline's filter in place (`prev` is the unfiltered row above, zeros at first). */
function unfilter(filter: number, row: Uint8Array, prev: Uint8Array, bpp: number): boolean {
  const n = row.length;
  switch (filter) {
    case 0:
      return true;
    case 1:
      for (let i = bpp; i < n; i++) row[i] = (row[i]! + row[i - bpp]!) & 255;
      return true;
    case 2:
      for (let i = 0; i < n; i++) row[i] = (row[i]! + prev[i]!) & 255;
      return true;
    case 3:
      for (let i = 0; i < n; i++) {
        const left = i >= bpp ? row[i - bpp]! : 0;
        row[i] = (row[i]! + ((left + prev[i]!) >> 1)) & 255;
      }
      return true;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const b = prev[i]!;
        const c = i >= bpp ? prev[i - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        const pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        row[i] = (row[i]! + pred) & 255;
      }
      return true;
    default:
      return false;
  }
}

/** Box-averages unfiltered rows into an RGBA copy `factor` times smaller on each side. */
class Shrinker {
  readonly outW: number;
  readonly outH: number;
  readonly out: Buffer;
  private readonly sums: Float64Array;
  private readonly counts: Uint32Array;
  private y = 0;

  constructor(
    private readonly h: Header,
    private readonly factor: number,
    private readonly palette: Buffer | null,
    private readonly alphas: Buffer | null,
  ) {
    this.outW = Math.ceil(h.width / factor);
    this.outH = Math.ceil(h.height / factor);
    this.out = Buffer.alloc(this.outW * this.outH * 4);
    this.sums = new Float64Array(this.outW * 4);
    this.counts = new Uint32Array(this.outW);
  }

  /** Sample `index` of a row as 0..255 (16-bit: high byte; 1/2/4-bit: scaled). */
  private sample(row: Uint8Array, index: number): number {
    const { depth } = this.h;
    if (depth === 8) return row[index]!;
    if (depth === 16) return row[index * 2]!;
    const bit = index * depth;
    const v = (row[bit >> 3]! >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
    return this.h.colorType === 3 ? v : Math.round((v * 255) / ((1 << depth) - 1));
  }

  addRow(row: Uint8Array): void {
    const { width, colorType } = this.h;
    const ch = CHANNELS[colorType]!;
    const { sums, counts, factor } = this;
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      let a = 255;
      if (colorType === 3) {
        const i = this.sample(row, x);
        r = this.palette?.[i * 3] ?? 0;
        g = this.palette?.[i * 3 + 1] ?? 0;
        b = this.palette?.[i * 3 + 2] ?? 0;
        a = this.alphas && i < this.alphas.length ? this.alphas[i]! : 255;
      } else if (ch <= 2) {
        r = g = b = this.sample(row, x * ch);
        if (ch === 2) a = this.sample(row, x * ch + 1);
      } else {
        r = this.sample(row, x * ch);
        g = this.sample(row, x * ch + 1);
        b = this.sample(row, x * ch + 2);
        if (ch === 4) a = this.sample(row, x * ch + 3);
      }
      const o = Math.floor(x / factor);
      sums[o * 4] = sums[o * 4]! + r * a;
      sums[o * 4 + 1] = sums[o * 4 + 1]! + g * a;
      sums[o * 4 + 2] = sums[o * 4 + 2]! + b * a;
      sums[o * 4 + 3] = sums[o * 4 + 3]! + a;
      counts[o] = counts[o]! + 1;
    }
    this.y += 1;
    if (this.y % factor === 0 || this.y === this.h.height) this.flush();
  }

  private flush(): void {
    const oy = Math.ceil(this.y / this.factor) - 1;
    const { sums, counts } = this;
    for (let o = 0; o < this.outW; o++) {
      const at = (oy * this.outW + o) * 4;
      const alpha = sums[o * 4 + 3]!;
      if (alpha > 0) {
        this.out[at] = Math.round(sums[o * 4]! / alpha);
        this.out[at + 1] = Math.round(sums[o * 4 + 1]! / alpha);
        this.out[at + 2] = Math.round(sums[o * 4 + 2]! / alpha);
      }
      this.out[at + 3] = Math.round(alpha / Math.max(1, counts[o]!));
    }
    sums.fill(0);
    counts.fill(0);
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG of `rgba` (rows unfiltered). */
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A chunk being read: its type, the bytes of its body still to come, then its CRC. */
interface OpenChunk {
  type: string;
  body: number;
  crc: number;
  kept: Buffer[];
}

/** `bytes` in pieces of 64 KiB, as a file stream would give them. */
function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

/**
 * Reads the PNG (a file, or bytes) piece by piece and returns its copy shrunk to at most `side`
 * pixels a side; null for an interlaced, oversized or malformed PNG.
 */
export async function shrinkPng(file: string | Buffer, side: number): Promise<Buffer | null> {
  let header: Header | null = null;
  let palette: Buffer | null = null;
  let alphas: Buffer | null = null;
  let shrinker: Shrinker | null = null;
  let inflate: ReturnType<typeof createInflate> | null = null;
  let inflated: Promise<void> = Promise.resolve();
  let failed = false;

  const startPixels = (h: Header): boolean => {
    const ch = CHANNELS[h.colorType];
    if (!ch || h.interlace !== 0 || ![1, 2, 4, 8, 16].includes(h.depth)) return false;
    const stride = Math.ceil((h.width * ch * h.depth) / 8);
    const bpp = Math.max(1, (ch * h.depth) / 8);
    const factor = Math.max(1, Math.ceil(Math.max(h.width, h.height) / side));
    const s = new Shrinker(h, factor, palette, alphas);
    shrinker = s;
    let prev = new Uint8Array(stride);
    let row = new Uint8Array(stride);
    let filled = -1; // -1: the next byte is a row's filter type
    let filter = 0;
    let rows = 0;
    const stream = createInflate();
    inflate = stream;
    stream.on('data', (data: Buffer) => {
      let i = 0;
      while (i < data.length && rows < h.height && !failed) {
        if (filled < 0) {
          filter = data[i++]!;
          filled = 0;
          continue;
        }
        const take = Math.min(stride - filled, data.length - i);
        row.set(data.subarray(i, i + take), filled);
        filled += take;
        i += take;
        if (filled === stride) {
          if (!unfilter(filter, row, prev, bpp)) failed = true;
          else s.addRow(row);
          [prev, row] = [row, prev];
          filled = -1;
          rows += 1;
        }
      }
    });
    inflated = new Promise<void>((resolve) => {
      stream.on('end', () => {
        if (rows < h.height) failed = true;
        resolve();
      });
      stream.on('error', () => {
        failed = true;
        resolve();
      });
    });
    return true;
  };

  /** Handles a whole non-pixel chunk; false when the file is not one to draw. */
  const chunkDone = (type: string, data: Buffer): boolean => {
    if (type === 'IHDR' && data.length >= 13) {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8]!,
        colorType: data[9]!,
        interlace: data[12]!,
      };
      return imageWithinLimits(header);
    }
    if (type === 'PLTE') palette = data;
    if (type === 'tRNS') alphas = data;
    return true;
  };

  const source =
    typeof file === 'string' ? createReadStream(file, { highWaterMark: 64 * 1024 }) : pieces(file);
  let head = Buffer.alloc(0); // signature or chunk header being collected
  let signed = false;
  let current: OpenChunk | null = null;
  let ended = false;
  try {
    for await (const piece of source as AsyncIterable<Buffer> | Iterable<Buffer>) {
      let at = 0;
      while (at < piece.length && !ended) {
        if (!current) {
          const need = 8 - head.length;
          head = Buffer.concat([head, piece.subarray(at, at + need)]);
          at += Math.min(need, piece.length - at);
          if (head.length < 8) break;
          if (!signed) {
            if (!head.equals(PNG_SIGNATURE)) return null;
            signed = true;
          } else {
            const type = head.toString('latin1', 4, 8);
            const body = head.readUInt32BE(0);
            if (type !== 'IDAT' && body > 1 << 20) return null; // no such chunk is worth reading
            if (type === 'IDAT' && !inflate && (!header || !startPixels(header))) return null;
            if (type === 'IEND') ended = true;
            current = { type, body, crc: 4, kept: [] };
          }
          head = Buffer.alloc(0);
          continue;
        }
        if (current.body > 0) {
          const part = piece.subarray(at, at + current.body);
          at += part.length;
          current.body -= part.length;
          if (current.type === 'IDAT') {
            const stream = inflate as ReturnType<typeof createInflate> | null;
            if (stream && !stream.write(part)) await new Promise((r) => stream.once('drain', r));
            if (failed) return null;
          } else {
            current.kept.push(Buffer.from(part));
          }
          continue;
        }
        const skip = Math.min(current.crc, piece.length - at);
        at += skip;
        current.crc -= skip;
        if (current.crc === 0) {
          if (current.type !== 'IDAT' && !chunkDone(current.type, Buffer.concat(current.kept)))
            return null;
          current = null;
        }
      }
      if (ended) break;
    }
  } finally {
    if ('destroy' in source) source.destroy();
  }
  const stream = inflate as ReturnType<typeof createInflate> | null;
  if (!stream || !shrinker) return null;
  stream.end();
  await inflated;
  if (failed) return null;
  const s = shrinker as Shrinker;
  return encodePng(s.outW, s.outH, s.out);
}

/** One copy made at a time per file: parallel reports of one audit wait for the same copy. */
const making = new Map<string, Promise<Buffer | null>>();

/** The file store key of the copy a report draws for the stored image `key`. */
export const reportCopyKey = (key: string) => `${key}.report.png`;

/**
 * The bytes a report embeds for the stored image under `key` (a PNG or JPEG), or null.
 * PNGs over REPORT_IMAGE_SIDE are replaced by their copy, kept in the store.
 */
export async function reportImage(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const bytes = await blobs.get(key);
  if (!bytes) return null;
  const head = bytes.subarray(0, 8);
  const type = head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))
    ? 'image/jpeg'
    : head.equals(PNG_SIGNATURE)
      ? 'image/png'
      : null;
  if (!type) return null;
  const size = await imageSizeOf(bytes, type);
  if (!size || !imageWithinLimits(size)) return null;
  if (type === 'image/jpeg') return bytes;
  if (Math.max(size.width, size.height) <= REPORT_IMAGE_SIDE) return bytes;
  const copy = reportCopyKey(key);
  const cached = await blobs.get(copy);
  if (cached) return cached;
  let job = making.get(copy);
  if (!job) {
    job = (async () => {
      const shrunk = await shrinkPng(bytes, REPORT_IMAGE_SIDE);
      if (shrunk) await blobs.put(copy, shrunk);
      return shrunk;
    })().finally(() => making.delete(copy));
    making.set(copy, job);
  }
  return job;
}
