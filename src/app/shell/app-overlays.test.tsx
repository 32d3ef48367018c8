// @vitest-environment jsdom
/**
 * The service worker is registered only once signed in (docs/sync.md "The service worker's
 * install"): a page about to leave for the sign-in must not start the first install.
 */
import '@tests/fixtures/browser-stubs';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@lib/auth/auth-store';
import { renderWithProviders } from '@tests/fixtures/render';
import { AppOverlays } from './app-overlays';

const registered = vi.hoisted(() => ({ count: 0 }));

vi.mock('virtual:pwa-register/react', () => ({
  // As vite-plugin-pwa's hook: it registers the worker when it mounts.
  useRegisterSW: () => {
    registered.count += 1;
    return {
      needRefresh: [false, () => undefined],
      offlineReady: [false, () => undefined],
      updateServiceWorker: () => Promise.resolve(),
    };
  },
}));

afterEach(() => {
  registered.count = 0;
  useAuthStore.setState({ status: 'loading' });
});

describe('the app-wide overlays', () => {
  it('register the service worker only once the user is signed in', async () => {
    useAuthStore.setState({ status: 'loading' });
    await renderWithProviders(<AppOverlays />);
    act(() => useAuthStore.setState({ status: 'unauthenticated' }));
    expect(registered.count).toBe(0);
    act(() => useAuthStore.setState({ status: 'authenticated' }));
    expect(registered.count).toBeGreaterThan(0);
  });
});
