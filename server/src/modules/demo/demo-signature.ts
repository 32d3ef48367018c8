/**
 * Signature images for the demo audits: a small hand-drawn-looking PNG per signature row,
 * written to the file store with the file id the row's `content` names, so the demo reports
 * and PDFs show a real signature. Encoded here (grayscale PNG, zlib) — no image library.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { findFileById, insertFile } from '../files/files.repository';
import type { BlobStore } from '../files/blob-store';
import { DEMO_USERS } from '../users/demo-users';

const SIGNER = DEMO_USERS.find((u) => u.username === 'techniker')?.id ?? 'demo';

const W = 360;
const H = 110;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A signature-like stroke (a few loops and a flourish), varied by `seed`. */
export function signaturePng(seed: number): Buffer {
  const pixels = Buffer.alloc(W * H, 255);
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px >= 0 && px < W && py >= 0 && py < H) pixels[py * W + px] = 30;
      }
    }
  };
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 20 + t * 300;
    const y = 60 + Math.sin(t * (18 + (seed % 5)) * Math.PI) * 28 * (1 - t * 0.6) - t * 10;
    dot(x, y);
  }
  for (let x = 40; x < 330; x += 0.5) dot(x, 92 + Math.sin(x / 40 + seed) * 3);
  const raw = Buffer.alloc((W + 1) * H);
  for (let y = 0; y < H; y++) pixels.copy(raw, y * (W + 1) + 1, y * W, (y + 1) * W);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes the missing image of every demo signature (ids from the demo's file id group). */
export async function seedDemoSignatureFiles(db: Kysely<Database>, blobs: BlobStore) {
  const signatures = await db
    .selectFrom('signature')
    .select(['id', 'companyId', 'content', 'createdAt'])
    .where('content', 'like', '01936b2e-000d-%')
    .execute();
  for (const [i, row] of signatures.entries()) {
    const s = {
      id: String(row.id),
      companyId: String(row.companyId),
      content: typeof row.content === 'string' ? row.content : '',
      createdAt: String(row.createdAt),
    };
    if (!s.content || (await findFileById(db, s.content))) continue;
    const png = signaturePng(i + 1);
    const storagePath = `${s.companyId}/${s.content}`;
    await blobs.put(storagePath, png);
    await insertFile(db, {
      id: s.content,
      companyId: s.companyId,
      entity: 'signature',
      entityId: s.id,
      name: 'audit-signature.png',
      mimeType: 'image/png',
      size: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
      storagePath,
      createdBy: SIGNER,
      createdAt: s.createdAt,
      boundAt: s.createdAt,
      deletedAt: null,
    });
  }
}
