import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { cacheControlFor } from '@server/plugins/static';
import { compress } from '../../scripts/vite-precompress';

let s: TestServer;
let dist: string;
beforeAll(async () => {
  // A miniature build output, laid out as `vite build` writes it.
  dist = mkdtempSync(path.join(tmpdir(), 'sm-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Schlauchmanager</title>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install",()=>{})');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Schlauchmanager"}');
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'workbox-5f8a2c1e.js'), '');
  writeFileSync(path.join(dist, 'icons', 'icon-192.png'), 'png');
  // The build's .br and .gz copies beside the text files (scripts/vite-precompress.ts).
  for (const f of ['index.html', 'sw.js', 'manifest.webmanifest', 'assets/index-Ab12Cd34.js']) {
    await compress(path.join(dist, f));
  }
  s = await startTestServer({ DIST_DIR: dist });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers exactly as docs/operations.md says', async () => {
    const res = await s.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'sqlite', version: '0.1.0' });
  });
});

describe('serving the built app', () => {
  const get = (url: string, accept = 'text/html') => s.app.inject({ url, headers: { accept } });

  it('revalidates index.html, the service worker and the manifest on every load', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await get(url, '*/*');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year, immutable', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/workbox-5f8a2c1e.js']) {
      const res = await get(url, '*/*');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/icons/icon-192.png', 'image/png')).headers['cache-control']).toBe(
      'public, max-age=86400',
    );
  });

  it('answers client-side routes with index.html, not cached', async () => {
    for (const url of ['/', '/customer/123/machine/456/view', '/auth/login?redirect=%2Fdguv']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Schlauchmanager</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends security headers the app passes', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it("sends a small page's compressed copy, a client route's without a listener leak", async () => {
    // A client-side route passes through two handlers; each one that returned the reply had
    // Fastify wait on it and add listeners to the response, and Node warned of a leak on
    // every deep link (server/src/plugins/static.ts).
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'index.html.gz'))).toBe(true);
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      for (const url of ['/', '/dguv', '/index.html', '/sw.js']) {
        const res = await s.app.inject({
          url,
          headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('br');
      }
      const home = await s.app.inject({
        url: '/',
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(brotliDecompressSync(home.rawPayload).toString()).toContain(
        '<title>Schlauchmanager</title>',
      );
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.message)).toEqual([]);
  });

  it('gives a missing asset a 404, not the app', async () => {
    const res = await get('/assets/missing-123.js', '*/*');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: 'Page not found' });
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['/d/index.html', 'no-cache'],
    ['/d/sw.js', 'no-cache'],
    ['/d/registerSW.js', 'no-cache'],
    ['/d/assets/app-x1.css', 'public, max-age=31536000, immutable'],
    ['/d/favicon.svg', 'public, max-age=86400'],
  ])('%s → %s', (file, expected) => expect(cacheControlFor(file)).toBe(expected));
});
