/**
 * The service worker, built by vite-plugin-pwa (`injectManifest`, vite.config.ts) with the
 * build's file list at its injection point (below; named once only, for an unminified build
 * too). It does what Workbox's generated worker did —
 * precache the app, answer from that cache, the app's page for every navigation but the login
 * pages and the APIs, the text recognition cached once fetched, a new version waiting for the
 * user's consent (SKIP_WAITING), the first install taking control at once — except for the
 * install: Workbox fetches its ~300 files one after the other, which took 50 s and more on a
 * busy machine (docs/sync.md "The service worker's install"); here PARALLEL at a time.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  PrecacheController,
  PrecacheRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CLAIM_MESSAGE } from './lib/pwa/claim-page';
import { inPool } from './lib/pwa/precache-pool';

/** As many as a browser opens connections to one host (HTTP/1.1). */
const PARALLEL = 6;

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEventLike) => void): void;
  addEventListener(
    type: 'message',
    listener: (e: MessageEvent<unknown> & ExtendableEventLike) => void,
  ): void;
}
const scope = self as unknown as WorkerScope;

const precache = new PrecacheController();
// Replaced by the build with the list of files and revisions (the literal is the marker).
precache.addToCacheList((self as unknown as WorkerScope).__WB_MANIFEST);

scope.addEventListener('install', (event) => {
  event.waitUntil(
    inPool([...precache.getURLsToCacheKeys()], PARALLEL, async ([url, cacheKey]) => {
      // As Workbox's own install: a file with a revision bypasses the HTTP cache; a file
      // already in the precache (an earlier, broken-off install) is not fetched again.
      const request = new Request(url, {
        integrity: precache.getIntegrityForCacheKey(cacheKey),
        cache: url === cacheKey ? 'default' : 'reload',
        credentials: 'same-origin',
      });
      await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
    }),
  );
});
scope.addEventListener('activate', (event) => void precache.activate(event));
cleanupOutdatedCaches();

// A new version waits until the user says so (src/app/shell/pwa-update-prompt.tsx). A page the
// first install's claim missed asks for one of its own (src/lib/pwa/claim-page.ts).
scope.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void scope.skipWaiting();
  if (data?.type === CLAIM_MESSAGE.type) event.waitUntil(scope.clients.claim());
});
// The first install controls the open page at once: the very first visit works offline.
clientsClaim();

registerRoute(new PrecacheRoute(precache, {}));
// The login pages and the APIs must reach the server, never the cached app.
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/realms\//, /^\/api\//],
  }),
);
// The text recognition (≈ 7 MB) is fetched only by a device that reads a marking, and kept
// from then on (scripts/vite-ocr-assets.ts).
registerRoute(
  ({ url }) => url.pathname.startsWith('/ocr/'),
  new CacheFirst({ cacheName: 'ocr', plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
  'GET',
);
