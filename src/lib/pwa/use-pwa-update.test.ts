// @vitest-environment jsdom
/**
 * "A new version is ready" only for a new version (docs/sync.md): the very first install, which
 * Firefox can report as a waiting worker, says the app works offline instead — the prompt would
 * otherwise stand over the screen of a first visit, waiting for an answer that changes nothing.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUpdateWaiting, usePwaUpdate } from './use-pwa-update';

/** The worker states the registration shows when workbox-window reports one waiting. */
let registration: { waiting: object | null; active: object | null } | undefined;

vi.mock('virtual:pwa-register/react', () => ({
  // As vite-plugin-pwa's hook does when workbox-window fires `waiting`.
  useRegisterSW: (options: { onNeedRefresh?: () => void }) => {
    const needRefresh = useState(false);
    const offlineReady = useState(false);
    const [reported, setReported] = useState(false);
    if (!reported) {
      setReported(true);
      needRefresh[1](true);
      queueMicrotask(() => options.onNeedRefresh?.());
    }
    return { needRefresh, offlineReady, updateServiceWorker: () => Promise.resolve() };
  },
}));

function stubRegistration(states: typeof registration) {
  registration = states;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the update prompt', () => {
  it('is no update while nothing older is active: the first install', async () => {
    stubRegistration({ waiting: {}, active: null });
    const shown: boolean[] = [];
    const { result } = renderHook(() => {
      const update = usePwaUpdate();
      shown.push(update.needRefresh);
      return update;
    });
    await waitFor(() => expect(result.current.offlineReady).toBe(true));
    // Not even for a moment.
    expect(shown).not.toContain(true);
  });

  it('announces a new version waiting behind the active one', async () => {
    stubRegistration({ waiting: {}, active: {} });
    const { result } = renderHook(() => usePwaUpdate());
    await waitFor(() => expect(result.current.needRefresh).toBe(true));
    expect(result.current.offlineReady).toBe(false);
    act(() => result.current.dismiss());
    expect(result.current.needRefresh).toBe(false);
  });

  it('reads the registration', () => {
    expect(isUpdateWaiting(undefined)).toBe(false);
    expect(isUpdateWaiting({ waiting: null, active: {} as ServiceWorker })).toBe(false);
    expect(isUpdateWaiting({ waiting: {} as ServiceWorker, active: null })).toBe(false);
    expect(isUpdateWaiting({ waiting: {} as ServiceWorker, active: {} as ServiceWorker })).toBe(
      true,
    );
  });
});
