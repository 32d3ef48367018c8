/**
 * Capturing a photo or signature (docs/sync.md "Blobs", docs/api.md JPG/PNG only, docs/api.md signature
 * PNG): check the type by content, compress (browser-image-compression; photos become JPEG,
 * `keepType` keeps a signature's PNG), hash (sha256) and store it in the `blobs` table in one
 * transaction. The returned id goes into the row's file field (content, photo, …); the blob
 * queue uploads the bytes under that id and the server defers the row's call until then.
 *
 * A full device storage (QuotaExceededError) is rethrown as StorageFullError for the UI to
 * show (docs/sync.md "Durability": never swallowed); nothing is stored then. Compressing a photo
 * takes seconds on a phone, so it reports its progress (0–100) to `onProgress`; a compression
 * that fails is an ImageCompressionError.
 */
import { sha256Hex } from '../lib/sha256';
import { addBlob, type StoredBlob } from '../db/blob-repository';
import { toStoredBytes } from '../db/stored-bytes';
import { getDatabase, type SchlauchDb } from '../db/database';
import type { EntityName } from '../domain/entities';
import { uuidv7 } from '../domain/ids';
import { MutationError } from './errors';
import type { CompressReply, CompressRequest } from './compress.worker';

export type ImageMimeType = 'image/jpeg' | 'image/png';

/** The file is no JPG or PNG (by its bytes): shown at the field as 'validation:imageType'. */
export class ImageTypeError extends MutationError {
  constructor(field?: string) {
    super('validation', 'validation:imageType', field);
    this.name = 'ImageTypeError';
  }
}

/** The photo could not be compressed (unreadable or too large to draw): nothing was stored. */
export class ImageCompressionError extends Error {
  constructor(cause: unknown) {
    super('image compression failed', { cause });
    this.name = 'ImageCompressionError';
  }
}

/** The device storage is full (IndexedDB QuotaExceededError): nothing was stored. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('storage full', { cause });
    this.name = 'StorageFullError';
  }
}

/** Compression progress in percent, 0–100. */
export type OnProgress = (percent: number) => void;

export interface CaptureOptions {
  /** The row the file belongs to (uploaded as `POST {entity path}/{rowId}/file`). */
  entity: EntityName;
  rowId: string;
  /** File name sent with the upload (default: the File's name, else image.jpg / image.png). */
  name?: string;
  /** The form field, for the validation error. */
  field?: string;
  maxSizeMB?: number;
  maxWidthOrHeight?: number;
  /** Keep the input type (PNG signatures); otherwise the result is a JPEG. */
  keepType?: boolean;
  /** Compression progress in percent (0 when it starts, 100 when the photo is compressed). */
  onProgress?: OnProgress;
  /** Replaces browser-image-compression (which needs a canvas; tests run in Node). */
  compress?: (blob: Blob, options: CompressOptions, onProgress?: OnProgress) => Promise<Blob>;
  db?: SchlauchDb;
  now?: () => Date;
}

export interface CompressOptions {
  maxSizeMB: number;
  maxWidthOrHeight: number;
  fileType: ImageMimeType;
}

const MAGIC: { type: ImageMimeType; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** JPG or PNG by the first bytes (as the server decides it), else null. */
export async function sniffImageType(blob: Blob): Promise<ImageMimeType | null> {
  const head = new Uint8Array(await blob.slice(0, 8).arrayBuffer());
  return MAGIC.find(({ bytes }) => bytes.every((b, i) => head[i] === b))?.type ?? null;
}

export { sha256Hex };

/** The compression worker (compress.worker.ts), started on the first photo; null if refused. */
let worker: Worker | null | undefined;
let nextRequest = 0;

function compressionWorker(): Worker | null {
  if (worker === undefined) {
    try {
      worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      worker = null;
    }
  }
  return worker;
}

/** Runs one compression in the worker; rejects when the worker cannot do it. */
function compressInWorker(
  w: Worker,
  file: File,
  options: CompressOptions,
  onProgress?: OnProgress,
): Promise<Blob> {
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    const done = () => {
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
    };
    const onMessage = (event: MessageEvent<CompressReply>) => {
      const reply = event.data;
      if (reply.id !== id) return;
      if ('progress' in reply) {
        onProgress?.(reply.progress);
        return;
      }
      done();
      if ('blob' in reply) resolve(reply.blob);
      else reject(new Error(reply.error));
    };
    const onError = (event: ErrorEvent) => {
      done();
      worker = null; // a worker that failed to load stays unused
      reject(new Error(event.message || 'compression worker failed'));
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    const request: CompressRequest = { id, file, options };
    w.postMessage(request);
  });
}

/** Compresses in the worker, else (no worker, or it failed) on the main thread. */
async function browserCompress(
  blob: Blob,
  options: CompressOptions,
  onProgress?: OnProgress,
): Promise<Blob> {
  const file = blob instanceof File ? blob : new File([blob], 'image', { type: blob.type });
  const w = compressionWorker();
  if (w) {
    try {
      return await compressInWorker(w, file, options, onProgress);
    } catch {
      // Fall through: the same compression on the main thread (slower, but nothing is lost).
    }
  }
  // Loaded on first use: it needs a browser (canvas) and is not small.
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    ...options,
    useWebWorker: false,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function isQuotaExceeded(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { name, inner, cause } = e as { name?: unknown; inner?: unknown; cause?: unknown };
    if (name === 'QuotaExceededError') return true;
    e = inner ?? cause;
  }
  return false;
}

const EXTENSION: Record<ImageMimeType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Checks, compresses, hashes and stores an image; returns the blob id for the row's field. */
export async function captureImage(file: File | Blob, options: CaptureOptions): Promise<string> {
  const inputType = await sniffImageType(file);
  if (!inputType) throw new ImageTypeError(options.field);
  const fileType: ImageMimeType = options.keepType ? inputType : 'image/jpeg';
  const compress = options.compress ?? browserCompress;
  const { onProgress } = options;
  onProgress?.(0);
  let compressed: Blob;
  try {
    compressed = await compress(
      file,
      {
        maxSizeMB: options.maxSizeMB ?? 0.4,
        maxWidthOrHeight: options.maxWidthOrHeight ?? 1600,
        fileType,
      },
      onProgress && ((percent) => onProgress(Math.min(100, Math.max(0, Math.round(percent))))),
    );
  } catch (err) {
    throw new ImageCompressionError(err);
  }
  onProgress?.(100);
  // The stored type is what the bytes are (the server sniffs them the same way).
  const mimeType = await sniffImageType(compressed);
  if (!mimeType) throw new ImageTypeError(options.field);
  const data = new Blob([compressed], { type: mimeType });
  const sha256 = await sha256Hex(data);
  const fallbackName = `image.${EXTENSION[mimeType]}`;
  return storeBlob(
    data,
    sha256,
    options.name ?? (file instanceof File && file.name ? file.name : fallbackName),
    options,
  );
}

/** Stores checked bytes as a pending blob of `options.rowId`; returns its id. */
async function storeBlob(
  data: Blob,
  sha256: string,
  name: string,
  options: Pick<CaptureOptions, 'entity' | 'rowId' | 'db' | 'now'>,
): Promise<string> {
  const id = uuidv7();
  // Read before the transaction (stored-bytes.ts): the device keeps bytes, not a Blob.
  const bytes = await toStoredBytes(data);
  const record: StoredBlob = {
    id,
    entity: options.entity,
    rowId: options.rowId,
    sha256,
    mimeType: data.type,
    size: data.size,
    name,
    data: bytes,
    uploadState: 'pending',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    error: null,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
  };
  try {
    await addBlob(options.db ?? getDatabase(), record);
  } catch (err) {
    if (isQuotaExceeded(err)) throw new StorageFullError(err);
    throw err;
  }
  return id;
}

export type DocumentMimeType = ImageMimeType | 'application/pdf';

/** The file is no PDF, JPG or PNG (by its bytes). */
export class DocumentTypeError extends MutationError {
  constructor(field?: string) {
    super('validation', 'validation:documentType', field);
    this.name = 'DocumentTypeError';
  }
}

/** PDF, JPG or PNG by the first bytes (as the server decides it), else null. */
export async function sniffDocumentType(blob: Blob): Promise<DocumentMimeType | null> {
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  if (pdf.every((b, i) => head[i] === b)) return 'application/pdf';
  return sniffImageType(blob);
}

/** The server's upload limit (files.routes MAX_FILE_BYTES). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * Stores a document (machine documents: PDF, JPG or PNG, as it is — no compression) for
 * upload to `options.rowId` (the machine). Returns the blob id and what the document row needs.
 */
export async function captureDocument(
  file: File,
  options: Pick<CaptureOptions, 'entity' | 'rowId' | 'db' | 'now' | 'field'>,
): Promise<{ blobId: string; mimeType: DocumentMimeType; size: number; name: string }> {
  const mimeType = await sniffDocumentType(file);
  if (!mimeType) throw new DocumentTypeError(options.field);
  if (file.size > MAX_DOCUMENT_BYTES) {
    throw new MutationError('validation', 'validation:fileTooLarge', options.field);
  }
  const data = new Blob([file], { type: mimeType });
  const blobId = await storeBlob(data, await sha256Hex(data), file.name || 'document', options);
  return { blobId, mimeType, size: data.size, name: file.name || 'document' };
}
