import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_TTL_MS,
  errorStatus,
  isBot,
  isChunkLoadError,
  reloadOnceForChunkError,
  shouldReloadForChunkError,
} from './error-utils';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('chunk load errors', () => {
  it('recognises failed dynamic imports of the browsers', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once, then not again within 10 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError({ storage, reload, now: 1_000 })).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe('1000');
    expect(reloadOnceForChunkError({ storage, reload, now: 1_000 + CHUNK_RELOAD_TTL_MS - 1 })).toBe(
      false,
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the guard has expired', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: '1000' });
    const reload = vi.fn();
    expect(reloadOnceForChunkError({ storage, reload, now: 1_000 + CHUNK_RELOAD_TTL_MS })).toBe(
      true,
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a garbled or future timestamp as no guard', () => {
    expect(shouldReloadForChunkError(null, 5)).toBe(true);
    expect(shouldReloadForChunkError(10_000, 5)).toBe(true);
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: 'x' });
    expect(reloadOnceForChunkError({ storage, reload: () => undefined, now: 5 })).toBe(true);
  });
});

describe('error page helpers', () => {
  it('defaults the status to 500', () => {
    expect(errorStatus(new Error('x'))).toBe(500);
  });

  it('recognises bots', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36')).toBe(false);
  });
});
