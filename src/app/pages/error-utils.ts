/**
 * What the error page needs to decide (docs/architecture.md, docs/api.md): the status to show (default 500), whether
 * the error is a failed chunk download after a deployment (then the page reloads once, guarded
 * by a timestamp with a 10 s time-to-live so a broken build cannot reload forever), and whether
 * the visitor is a bot (bots get no error page).
 */
import { isRouteErrorResponse } from 'react-router';

export const CHUNK_RELOAD_KEY = 'schlauchmanager.chunkReloadAt';
export const CHUNK_RELOAD_TTL_MS = 10_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error)
    return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
}

/** True when no reload happened within the time-to-live. */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  // A timestamp from the future (clock changed) does not block the reload either.
  return lastReloadAt === null || now < lastReloadAt || now - lastReloadAt >= CHUNK_RELOAD_TTL_MS;
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: number;
}

/** Reloads the page unless it was reloaded for the same reason moments ago; true if it did. */
export function reloadOnceForChunkError(deps: ReloadDeps): boolean {
  let last: number | null;
  try {
    const raw = deps.storage.getItem(CHUNK_RELOAD_KEY);
    const parsed = raw === null ? NaN : Number(raw);
    last = Number.isFinite(parsed) ? parsed : null;
  } catch {
    last = null;
  }
  if (!shouldReloadForChunkError(last, deps.now)) return false;
  try {
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(deps.now));
  } catch {
    // Without storage there is no guard; reloading once is still better than a dead page.
  }
  deps.reload();
  return true;
}

export function browserReloadDeps(): ReloadDeps {
  return {
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
    now: Date.now(),
  };
}

const BOT =
  /bot|crawler|spider|crawling|slurp|facebookexternalhit|bingpreview|headlesschrome\/.*lighthouse/i;

export function isBot(userAgent: string): boolean {
  return BOT.test(userAgent);
}

/** HTTP-like status of a route error; anything that is not a response counts as 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Vite reports failed preloads as an event; one reload fetches the new build's chunks. */
export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError(browserReloadDeps())) event.preventDefault();
  });
}
