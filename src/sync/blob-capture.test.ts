import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { getBlob } from '../db/blob-repository';
import { openDatabase, type SchlauchDb } from '../db/database';
import { uuidv7 } from '../domain/ids';
import { tinyJpeg, tinyPng } from '@tests/helpers/files';
import { captureImage, ImageTypeError, StorageFullError } from './blob-capture';

const identity = (b: Blob) => Promise.resolve(b);
/** A Buffer as a BlobPart (TS: Buffer may sit on a SharedArrayBuffer). */
const u8 = (b: Buffer) => new Uint8Array(b);
const sha = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('captureImage', () => {
  let db: SchlauchDb;
  const rowId = uuidv7();
  beforeEach(() => {
    db = openDatabase(`blob-capture-${uuidv7()}`);
  });
  afterEach(async () => {
    await db.delete();
  });

  it.each([
    ['a GIF', GIF, 'image/gif'],
    ['text', Buffer.from('hello world, not an image'), 'text/plain'],
    ['a GIF claiming to be a PNG', GIF, 'image/png'],
  ])('refuses %s with validation:imageType', async (_, bytes, type) => {
    const file = new File([u8(bytes)], 'x.png', { type });
    const err = await captureImage(file, {
      entity: 'machine',
      rowId,
      compress: identity,
      db,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageTypeError);
    expect(err).toMatchObject({ code: 'validation', message: 'validation:imageType' });
    expect(await db.blobs.count()).toBe(0);
  });

  it('stores a PNG (kept as PNG) with its sha256 and upload state', async () => {
    const png = tinyPng();
    const id = await captureImage(new File([u8(png)], 'audit-signature.png'), {
      entity: 'signature',
      rowId,
      keepType: true,
      compress: identity,
      db,
    });
    const rec = await getBlob(db, id);
    expect(rec).toMatchObject({
      id,
      entity: 'signature',
      rowId,
      sha256: sha(png),
      mimeType: 'image/png',
      size: png.length,
      name: 'audit-signature.png',
      uploadState: 'pending',
      attempts: 0,
    });
    expect(Buffer.from(rec!.data!.bytes).equals(png)).toBe(true);
    expect(rec!.data!.type).toBe('image/png');
  });

  it('stores a JPEG; a photo is compressed to JPEG with the given limits', async () => {
    const jpeg = tinyJpeg();
    const seen: unknown[] = [];
    const id = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId,
      maxSizeMB: 0.2,
      compress: (_blob, options) => {
        seen.push(options);
        return Promise.resolve(new Blob([u8(jpeg)], { type: 'image/jpeg' }));
      },
      db,
    });
    expect(seen).toEqual([{ maxSizeMB: 0.2, maxWidthOrHeight: 1600, fileType: 'image/jpeg' }]);
    expect(await getBlob(db, id)).toMatchObject({
      sha256: sha(jpeg),
      mimeType: 'image/jpeg',
      name: 'image.jpg',
      size: jpeg.length,
    });
  });

  it('rethrows a full storage as StorageFullError and stores nothing', async () => {
    db.blobs.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const err = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId,
      compress: identity,
      db,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFullError);
    expect(await db.blobs.count()).toBe(0);
  });

  it('passes other storage errors on unchanged', async () => {
    db.blobs.hook('creating', () => {
      throw new Error('boom');
    });
    const err = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId,
      compress: identity,
      db,
    }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(StorageFullError);
    expect(await db.blobs.count()).toBe(0);
  });
});
