/**
 * Compresses a photo off the main thread. browser-image-compression's own
 * worker is made from a blob: URL and loads the library from a CDN — both refused by our
 * content security policy, and the CDN is not there offline — so it fell back to the main
 * thread and froze the check screen for seconds. This worker is a file of our own origin,
 * bundled and precached with the app; inside it the library draws on an OffscreenCanvas.
 */
import imageCompression from 'browser-image-compression';
import type { CompressOptions } from './blob-capture';

export interface CompressRequest {
  id: number;
  file: File;
  options: CompressOptions;
}
export type CompressReply =
  { id: number; progress: number } | { id: number; blob: Blob } | { id: number; error: string };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage(message: CompressReply): void;
};

scope.onmessage = (event) => {
  const { id, file, options } = event.data;
  imageCompression(file, {
    ...options,
    useWebWorker: false,
    onProgress: (progress) => scope.postMessage({ id, progress }),
  }).then(
    (blob) => scope.postMessage({ id, blob }),
    (err: unknown) => scope.postMessage({ id, error: String(err) }),
  );
};
