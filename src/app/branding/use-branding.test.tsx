// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Branding, PublicConfig } from '@domain/schemas/public-config';
import { brandingChanged } from '@lib/branding/branding-changes';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { AppHeader } from '../layouts/app-header';
import { usePublicConfigStore } from './public-config-store';
import { rememberBranding } from './remembered-branding';
import { useBranding } from './use-branding';

const CUSTOMER = '01936b2e-0000-7000-8000-00000000b002';
const server = vi.hoisted(() => ({
  branding: null as Branding | null,
}));

vi.mock('@lib/api/public-config', () => ({
  loadPublicConfig: (): Promise<PublicConfig> =>
    Promise.resolve({
      isTestEnv: false,
      version: '1',
      customer: server.branding,
      auth: { url: '', realm: '', clientId: '' },
    }),
}));

const branding = (primaryColor: string, faviconUrl: string | null = null): Branding => ({
  customerId: CUSTOMER,
  name: 'Blaugrün Hydraulik GmbH',
  primaryColor,
  faviconUrl,
});

describe('the app’s branding', () => {
  afterEach(() => {
    localStorage.clear();
    usePublicConfigStore.setState({ config: null, branding: null });
  });

  it('applies a colour saved for the selected customer at once, without a reload', async () => {
    server.branding = branding('teal');
    useSelectionStore.setState({ customerId: CUSTOMER });
    const { result } = renderHook(() => useBranding());
    await waitFor(() => expect(result.current.primaryColor).toBe('teal'));
    server.branding = branding('#8a2be2');
    act(() => brandingChanged(CUSTOMER));
    await waitFor(() => expect(result.current.primaryColor).toBe('brand'));
    expect(result.current.colors?.brand?.[6]).toBe('#8a2be2');
    // Another customer's save changes nothing here.
    server.branding = branding('red');
    act(() => brandingChanged('01936b2e-0000-7000-8000-00000000b0ff'));
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.primaryColor).toBe('brand');
  });

  it('renders nothing again when the server answers with the branding the device remembered', async () => {
    server.branding = branding('teal');
    useSelectionStore.setState({ customerId: CUSTOMER });
    rememberBranding(CUSTOMER, branding('teal'));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useBranding();
    });
    await waitFor(() => expect(usePublicConfigStore.getState().config).not.toBeNull());
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.primaryColor).toBe('teal');
    expect(renders).toBe(1);
  });

  it('shows the selected customer’s logo in the header, named by the customer', async () => {
    server.branding = branding('teal', '/logos/blaugruen.svg');
    useSelectionStore.setState({ customerId: CUSTOMER });
    renderHook(() => useBranding());
    await renderRoute(<AppHeader />, { path: '/', url: '/' });
    const logo = await screen.findByRole('img', { name: 'Blaugrün Hydraulik GmbH' });
    expect(logo.getAttribute('src')).toBe('/logos/blaugruen.svg');
    expect(logo.getAttribute('data-testid')).toBe('header-logo');
    // Bounded: never taller than the header's controls, never wider than its room on a phone.
    expect(logo.style.height).toBe('calc(2rem * var(--mantine-scale))');
  });

  it('shows no logo when the customer has none', async () => {
    server.branding = branding('teal');
    useSelectionStore.setState({ customerId: CUSTOMER });
    renderHook(() => useBranding());
    await renderRoute(<AppHeader />, { path: '/', url: '/' });
    await waitFor(() => expect(usePublicConfigStore.getState().branding).not.toBeNull());
    expect(screen.queryByTestId('header-logo')).toBeNull();
  });
});
