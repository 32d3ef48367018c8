import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';
import { locateZxingFile } from './barcode-reader';

describe('the code reader offline', () => {
  it('loads its WebAssembly from our own build, never from a CDN', () => {
    const url = locateZxingFile('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/x/');
    expect(url).not.toMatch(/^https?:/);
    expect(url).toMatch(/zxing_reader.*\.wasm/);
    expect(locateZxingFile('other.js', 'prefix/')).toBe('prefix/other.js');
  });

  it('serves exactly the .wasm the reader was built against', () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const sha = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(sha).toBe(ZXING_WASM_SHA256);
  });
});
