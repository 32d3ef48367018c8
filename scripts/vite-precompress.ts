/**
 * Vite plugin: writes a gzip and a brotli copy beside every text asset of the build (JS, CSS,
 * HTML, SVG, JSON, manifest), so the server sends them compressed without compressing on each
 * request (@fastify/static `preCompressed`, server/src/plugins/static.ts).
 *
 * Brotli at quality 11 is slow (most of the build's CPU time, the three 4 MB OCR cores most of
 * that), so the files are compressed through zlib's asynchronous calls, which run on libuv's
 * thread pool: every core works on the build's tail instead of one (docs/testing.md).
 *
 * Every text file gets both copies, however small: @fastify/static tries each encoding the
 * browser accepts and falls through to the next when a copy is missing, a file lookup each
 * (index.html, 0.8 kB, is on every navigation).
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') yield* files(full);
    } else if (TEXT.test(name)) yield full;
  }
}

/** The .gz and .br copies of one file. */
export async function compress(file: string): Promise<void> {
  const data = await readFile(file);
  const [gz, br] = await Promise.all([
    gzipped(data, { level: 9 }),
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
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
      async handler() {
        // Largest first, so that the long ones do not end up alone at the end.
        const all = [...files(outDir)].sort((a, b) => statSync(b).size - statSync(a).size);
        await Promise.all(all.map(compress));
      },
    },
  };
}
