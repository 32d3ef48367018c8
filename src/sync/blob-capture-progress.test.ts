import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type SchlauchDb } from '../db/database';
import { uuidv7 } from '../domain/ids';
import { tinyJpeg, tinyPng } from '@tests/helpers/files';
import type { CompressReply, CompressRequest } from './compress.worker';

/** A Buffer as a BlobPart (TS: Buffer may sit on a SharedArrayBuffer). */
const u8 = (b: Buffer) => new Uint8Array(b);

/**
 * Stands in for compress.worker.ts: answers each request with the progress steps given, a
 * stray reply for another request, then the compressed JPEG (or an error).
 */
class FakeWorker {
  static steps: number[] = [];
  static fail = false;
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();
  addEventListener(type: string, fn: (event: unknown) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: (event: unknown) => void) {
    this.listeners.get(type)?.delete(fn);
  }
  postMessage({ id }: CompressRequest) {
    const send = (data: CompressReply) =>
      queueMicrotask(() => this.listeners.get('message')?.forEach((fn) => fn({ data })));
    send({ id: id + 1000, progress: 99 });
    for (const progress of FakeWorker.steps) send({ id, progress });
    send(
      FakeWorker.fail
        ? { id, error: 'Error: canvas too large' }
        : { id, blob: new Blob([u8(tinyJpeg())], { type: 'image/jpeg' }) },
    );
  }
}

describe('captureImage progress', () => {
  let db: SchlauchDb;
  const rowId = uuidv7();
  beforeEach(() => {
    db = openDatabase(`blob-progress-${uuidv7()}`);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.resetModules();
    await db.delete();
  });

  it('reports 0, the compressor’s steps (whole percent, within 0–100) and 100', async () => {
    const { captureImage } = await import('./blob-capture');
    const seen: number[] = [];
    await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId,
      db,
      onProgress: (p) => seen.push(p),
      compress: async (blob, _options, onProgress) => {
        onProgress?.(12.4);
        onProgress?.(57.6);
        onProgress?.(104);
        return blob;
      },
    });
    expect(seen).toEqual([0, 12, 58, 100, 100]);
  });

  it('passes the worker’s progress messages of its own request on', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.steps = [20, 45, 80];
    FakeWorker.fail = false;
    const { captureImage } = await import('./blob-capture');
    const seen: number[] = [];
    const id = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId,
      db,
      onProgress: (p) => seen.push(p),
    });
    expect(seen).toEqual([0, 20, 45, 80, 100]);
    expect(await db.blobs.get(id)).toMatchObject({ mimeType: 'image/jpeg' });
  });

  it('turns a failed compression into ImageCompressionError and stores nothing', async () => {
    const { captureImage, ImageCompressionError } = await import('./blob-capture');
    const err = await captureImage(new Blob([u8(tinyPng())]), {
      entity: 'machine',
      rowId,
      db,
      onProgress: () => undefined,
      compress: () => Promise.reject(new Error('canvas too large')),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageCompressionError);
    expect(await db.blobs.count()).toBe(0);
  });
});
