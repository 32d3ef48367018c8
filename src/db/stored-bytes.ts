/**
 * File bytes as the device keeps them in IndexedDB: an ArrayBuffer and its MIME type, never a
 * `Blob`. A Blob put into IndexedDB fails in some browsers' storage (WebKit's ephemeral and
 * private-browsing sessions: "Error preparing Blob/File data to be stored"), while an
 * ArrayBuffer is stored everywhere. Files become Blobs only at the edge — an object URL to
 * show them, an upload body, image compression — through `bytesToBlob`.
 *
 * `toStoredBytes` reads the Blob before any transaction opens: an IndexedDB transaction commits
 * as soon as it waits for anything else, so a write must never read a Blob inside one.
 */

export interface StoredBytes {
  bytes: ArrayBuffer;
  /** MIME type, e.g. 'image/png' ('' when unknown). */
  type: string;
}

/** Reads a Blob's bytes for storing (FileReader where `Blob.arrayBuffer` is missing). */
export async function toStoredBytes(blob: Blob): Promise<StoredBytes> {
  const bytes =
    typeof blob.arrayBuffer === 'function'
      ? await blob.arrayBuffer()
      : await new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
          reader.readAsArrayBuffer(blob);
        });
  return { bytes, type: blob.type };
}

/** The stored bytes as a Blob (for an object URL, an upload, a download). */
export function bytesToBlob(stored: StoredBytes): Blob {
  return new Blob([stored.bytes], { type: stored.type });
}

/** A value an older app version stored as a Blob (the device schema upgrade converts it). */
export function isLegacyBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}
