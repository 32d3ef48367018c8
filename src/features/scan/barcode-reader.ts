/**
 * Reads codes from the camera: the browser's own BarcodeDetector where it has one that reads
 * QR codes (Android, macOS, ChromeOS), else the `barcode-detector` ponyfill (ZXing compiled to
 * WebAssembly). The ponyfill would fetch its .wasm from a CDN; here it is served from our own
 * build (a hashed asset the service worker precaches), so scanning works offline. This module
 * is only loaded with the scan dialog.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** QR codes of our labels; Code 128 and Data Matrix for codes printed by other tools. */
const FORMATS = ['qr_code', 'code_128', 'data_matrix'] as const;

export interface CodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options: { formats: string[] }): CodeReader;
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeReader(): Promise<CodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!supported.includes('qr_code')) return null;
    return new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
  } catch {
    return null;
  }
}

/** Where the ZXing module finds its .wasm: our own copy, never the CDN. */
export function locateZxingFile(path: string, prefix: string): string {
  return path.endsWith('.wasm') ? wasmUrl : prefix + path;
}

async function zxingReader(): Promise<CodeReader> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Instantiated now, so a missing or blocked .wasm fails here and not on every frame.
  await prepareZXingModule({
    overrides: { locateFile: locateZxingFile },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}

/** A reader, or a rejection when neither the browser nor the ponyfill can read codes. */
export async function createCodeReader(): Promise<CodeReader> {
  return (await nativeReader()) ?? zxingReader();
}
