/**
 * Vite plugin: ships the on-device text recognition (tesseract.js) from the app's own origin
 * under `/ocr/<version>/` — its worker, its WebAssembly cores (the device loads the one its CPU
 * supports) and the English trained data — so nothing is fetched from a CDN at run time (the
 * CSP refuses other origins, and the field has no network). Built into `dist/ocr/…`, served from
 * node_modules by the dev server. Nothing loads them before "Read marking" is used; the service
 * worker keeps them once fetched (runtime cache, vite.config.ts), the trained data is kept by
 * tesseract.js itself in IndexedDB. docs/architecture.md, "Reading the marking".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const version = (require('tesseract.js/package.json') as { version: string }).version;

/** The URL directory the app loads them from (src/features/marking/ocr.ts imports it). */
export const OCR_BASE = `/ocr/${version}`;

/** URL name → file in node_modules. */
export function ocrFiles(): Record<string, string> {
  const tesseract = path.dirname(require.resolve('tesseract.js/package.json'));
  const core = path.dirname(require.resolve('tesseract.js-core/package.json'));
  const eng = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return {
    'worker.min.js': path.join(tesseract, 'dist/worker.min.js'),
    'tesseract-core-lstm.wasm.js': path.join(core, 'tesseract-core-lstm.wasm.js'),
    'tesseract-core-simd-lstm.wasm.js': path.join(core, 'tesseract-core-simd-lstm.wasm.js'),
    'tesseract-core-relaxedsimd-lstm.wasm.js': path.join(
      core,
      'tesseract-core-relaxedsimd-lstm.wasm.js',
    ),
    // The integer "best" model: LSTM accuracy at a third of the full model's download.
    'eng.traineddata.gz': path.join(eng, '4.0.0_best_int/eng.traineddata.gz'),
  };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.gz': 'application/octet-stream',
};

export function ocrAssets(): Plugin {
  const files = ocrFiles();
  return {
    name: 'schlauchmanager-ocr-assets',
    config: () => ({ define: { 'import.meta.env.VITE_OCR_BASE': JSON.stringify(OCR_BASE) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(`${OCR_BASE}/`)) return next();
        const file = files[url.slice(OCR_BASE.length + 1)];
        if (!file) return next();
        res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [name, file] of Object.entries(files)) {
        this.emitFile({
          type: 'asset',
          fileName: `${OCR_BASE.slice(1)}/${name}`,
          source: readFileSync(file),
        });
      }
    },
  };
}
