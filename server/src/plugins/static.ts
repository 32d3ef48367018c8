/**
 * Serves the built PWA from `dist/`: index.html, the service worker and the manifest are
 * revalidated on every load (`no-cache`) so updates are seen; hashed assets are immutable.
 * Text files go out brotli- or gzip-compressed where the build left a compressed copy.
 * Any other GET that wants HTML gets index.html (client-side routes); unknown API paths get
 * a JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const NO_CACHE = /(^|\/)(index\.html|sw\.js|registerSW\.js|manifest\.webmanifest)$/;

export function cacheControlFor(filePath: string): string {
  const p = filePath.split(path.sep).join('/');
  if (NO_CACHE.test(p)) return 'no-cache';
  if (p.includes('/assets/') || /\/workbox-[\w-]+\.js$/.test(p))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

function notFound(url: string) {
  return { status: 404, code: 'not_found', message: 'Page not found', path: url.split('?')[0] };
}

/**
 * index.html, not returned: a handler that returns the reply has Fastify wait on it as a
 * promise, and each such wait adds listeners to the response (a client-side route passes
 * through two handlers).
 */
function sendIndex(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-cache').sendFile('index.html');
}

export async function staticPlugin(app: FastifyInstance, distDir: string) {
  const hasApp = existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
      preCompressed: true,
      // A path without an extension is a client-side route, never a file: it goes straight to
      // the not-found handler (index.html) instead of a try per accepted encoding first, each
      // opening a file that is not there and adding listeners to the response.
      allowedPath: (pathName) => path.posix.extname(pathName) !== '',
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
    app.get('/', (_req, reply) => {
      sendIndex(reply);
    });
  } else {
    app.log.warn({ distDir }, 'no built app found: run `npm run build` (the API still works)');
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/realms/');
    if (hasApp && req.method === 'GET' && wantsHtml && !isApi) {
      sendIndex(reply);
      return;
    }
    return reply.code(404).send(notFound(req.url));
  });
}
