/** Real image bytes and multipart bodies for upload tests. */
import { crc32, createDeflate, deflateSync } from 'node:zlib';

/** A real 2×2 red PNG: signature, IHDR, IDAT (deflated scanlines), IEND with CRCs. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const row = Buffer.from([0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 8×8 grey baseline JPEG: unit quantisation, one-code Huffman tables, one block. */
export function tinyJpeg(): Buffer {
  const seg = (marker: number, body: number[]) => {
    const len = Buffer.alloc(2);
    len.writeUInt16BE(body.length + 2);
    return Buffer.concat([Buffer.from([0xff, marker]), len, Buffer.from(body)]);
  };
  const huffman = (tableClass: number) => [tableClass, 1, ...Array<number>(15).fill(0), 0];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xdb, [0, ...Array<number>(64).fill(1)]),
    seg(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    seg(0xc4, huffman(0x00)),
    seg(0xc4, huffman(0x10)),
    seg(0xda, [1, 1, 0, 0, 63, 0]),
    Buffer.from([0x3f, 0xff, 0xd9]),
  ]);
}

export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  type?: string;
}

export function multipart(parts: Part[]) {
  const boundary = `----sm${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.filename ? `; filename="${p.filename}"\r\nContent-Type: ${p.type}` : '') +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A gray+alpha PNG of `width`×`height` blank pixels, deflated as it is built: hundreds of
 * megapixels fit in well under a megabyte (an image "bomb"), without ever holding its pixels.
 * `paint` colours the first rows (opaque grey) so a drawn copy is not just transparent.
 */
export async function hugePng(width: number, height: number, paint = 0): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 4, 0, 0, 0], 8);
  const blank = Buffer.alloc(1 + width * 2);
  const painted = Buffer.alloc(1 + width * 2, 0x80);
  painted[0] = 0;
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y++) {
    if (!deflate.write(y < paint ? painted : blank)) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await finished;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
