/**
 * An image's width and height, read from its header without decoding a pixel: the PNG IHDR
 * chunk, or the JPEG frame header (SOFn) found by walking the segment markers. Reads a few
 * bytes at a time from the file, so a huge or hostile file costs no memory.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { StoredType } from './file-type';

/**
 * The largest image the server accepts (pixels and longest side). Enough for any camera
 * photo; a report draws every photo from a copy of at most REPORT_IMAGE_SIDE pixels.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 16_384;

export interface ImageSize {
  width: number;
  height: number;
}

/** Whether a measured image is within MAX_IMAGE_PIXELS and MAX_IMAGE_SIDE. */
export function imageWithinLimits({ width, height }: ImageSize): boolean {
  return width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
}

/** `length` bytes at `position`, or null past the end. */
type ReadAt = (position: number, length: number) => Promise<Buffer | null>;

const fileReader =
  (fh: FileHandle): ReadAt =>
  async (position, length) => {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, position);
    return bytesRead === length ? buf : null;
  };

const bufferReader =
  (bytes: Buffer): ReadAt =>
  (position, length) =>
    Promise.resolve(
      position + length <= bytes.length ? bytes.subarray(position, position + length) : null,
    );

/** PNG: signature (8), IHDR length and type (8), then width and height (4 + 4). */
async function pngSize(readAt: ReadAt): Promise<ImageSize | null> {
  const head = await readAt(8, 16);
  if (!head || head.toString('latin1', 4, 8) !== 'IHDR') return null;
  return { width: head.readUInt32BE(8), height: head.readUInt32BE(12) };
}

/** Start-of-frame markers (baseline, extended, progressive, lossless; not DHT/JPG/DAC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: segments after SOI until the first SOFn (precision 1, height 2, width 2). */
async function jpegSize(readAt: ReadAt): Promise<ImageSize | null> {
  let pos = 2;
  for (let guard = 0; guard < 10_000; guard++) {
    const marker = await readAt(pos, 4);
    if (!marker || marker[0] !== 0xff) return null;
    const m = marker[1]!;
    if (m === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (m === 0xd8 || (m >= 0xd0 && m <= 0xd7) || m === 0x01) {
      pos += 2; // markers without a length
      continue;
    }
    if (m === 0xd9 || m === 0xda) return null; // end of image or scan before any frame
    const length = marker.readUInt16BE(2);
    if (length < 2) return null;
    if (isSof(m)) {
      const frame = await readAt(pos + 4, 5);
      if (!frame) return null;
      return { width: frame.readUInt16BE(3), height: frame.readUInt16BE(1) };
    }
    pos += 2 + length;
  }
  return null;
}

async function sizeOf(readAt: ReadAt, type: 'image/png' | 'image/jpeg') {
  const size = type === 'image/png' ? await pngSize(readAt) : await jpegSize(readAt);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** Width and height of a PNG or JPEG file; null when the header cannot be read. */
export async function readImageSize(file: string, type: StoredType): Promise<ImageSize | null> {
  if (type !== 'image/png' && type !== 'image/jpeg') return null;
  const fh = await open(file, 'r');
  try {
    return await sizeOf(fileReader(fh), type);
  } finally {
    await fh.close();
  }
}

/** Width and height of a PNG or JPEG in memory; null when the header cannot be read. */
export function imageSizeOf(bytes: Buffer, type: StoredType): Promise<ImageSize | null> {
  if (type !== 'image/png' && type !== 'image/jpeg') return Promise.resolve(null);
  return sizeOf(bufferReader(bytes), type);
}
