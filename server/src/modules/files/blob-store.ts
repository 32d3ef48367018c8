/**
 * Where the bytes of files live (docs/operations.md "File store"): uploads (photos, signatures,
 * documents, logos), the bounded copies reports draw and the approved reports' PDFs. One
 * interface, three stores — a directory (one machine), a table of the database or an
 * S3-compatible bucket (shared by every instance). A blob is named by a key of path-like
 * segments (`<customer>/<file id>`) and never changes once written; its SHA-256 is its
 * identity, and the ETag every instance answers for it.
 */
import { createHash } from 'node:crypto';
import type { FileStoreKind } from '@server/config';

export interface BlobInfo {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface BlobStore {
  readonly kind: FileStoreKind;
  /** Where, for the start-up log (a directory, "database", a bucket). */
  readonly where: string;
  /** Stores `bytes` under `key` (replacing what was there); a reader never sees half of it. */
  put(key: string, bytes: Buffer): Promise<BlobInfo>;
  /** The bytes under `key`; null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Size and SHA-256 of the bytes under `key`; null when there are none. */
  stat(key: string): Promise<BlobInfo | null>;
  /** Removes `key`; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` (all without one), in no promised order. */
  list(prefix?: string): AsyncIterable<string>;
  /** Whether blobs can be written and read back now (readiness). */
  ready(): Promise<boolean>;
  /** Lets go of connections (the database store's are the app's: nothing to do). */
  close(): Promise<void>;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of plain segments: no `..`, no leading dot, no empty segment. */
export function checkKey(key: string): string {
  if (key.length > 300 || !KEY_RE.test(key)) throw new Error(`invalid blob key ${key}`);
  return key;
}

/** The key a readiness probe writes (and removes) under. */
export const probeKey = () => `ready-probe/${process.pid}-${Math.random().toString(36).slice(2)}`;

/** Writes, reads back and removes a probe blob. */
export async function probe(store: BlobStore): Promise<boolean> {
  const key = probeKey();
  try {
    const bytes = Buffer.from('ok');
    await store.put(key, bytes);
    const back = await store.get(key);
    return back !== null && back.equals(bytes);
  } catch {
    return false;
  } finally {
    await store.delete(key).catch(() => undefined);
  }
}
