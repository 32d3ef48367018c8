/**
 * Vite plugin: writes a gzip and a brotli copy beside every text asset of the build (JS, CSS,
 * HTML, SVG, JSON, manifest), so the server sends them compressed without compressing on each
 * request (@fastify/static `preCompressed`, server/src/plugins/static.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') yield* files(full);
    } else if (TEXT.test(name)) yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'schlauchmanager-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin (the service worker is written in closeBundle too).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files(outDir)) {
          const data = readFileSync(file);
          if (data.length < MIN_BYTES) continue;
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}
