// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../domain/schemas/session';
import { useAuthStore } from '../lib/auth';
import type * as AuthModuleNs from '../lib/auth';
import { changeLanguage, initI18n } from '../lib/i18n';
import { routes } from './router';
import { useSelectionStore } from '../lib/selection/selection-store';
import {
  adminUser,
  customerUser,
  initialAuthStateForTest,
  staffUser,
} from '@tests/fixtures/test-users';

type AuthModule = typeof AuthModuleNs;

const auth = vi.hoisted(() => ({
  login: vi.fn<(path: string, locale?: string) => Promise<void>>(),
  takeRedirect: vi.fn<() => Promise<string | null>>(),
}));

vi.mock('../lib/auth', async (importOriginal) => ({
  ...(await importOriginal<AuthModule>()),
  login: auth.login,
  takeRedirect: auth.takeRedirect,
  logout: vi.fn(() => new Promise<void>(() => undefined)),
}));

function signIn(user: SessionUser | null) {
  useAuthStore.setState(
    user
      ? { ...initialAuthStateForTest, status: 'authenticated', user, accessToken: 't' }
      : { ...initialAuthStateForTest, status: 'unauthenticated' },
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const path = (router: ReturnType<typeof renderAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('app routes', () => {
  beforeAll(async () => {
    await initI18n('de');
    await changeLanguage('de');
  });
  afterEach(() => {
    cleanup();
    useSelectionStore.getState().selectCustomer(null);
    auth.login.mockReset();
    auth.takeRedirect.mockReset();
  });

  it('sends a signed-out visitor to the login page, which starts sign-in with the path', async () => {
    signIn(null);
    auth.login.mockReturnValue(new Promise(() => undefined));
    const router = renderAt('/orders?tab=open');
    expect(await screen.findByText('Weiterleitung zur Anmeldung…')).toBeTruthy();
    expect(path(router)).toBe('/auth/login?redirect=%2Forders%3Ftab%3Dopen');
    // Sign-in starts from the login page's effect, which may run after its text showed.
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('/orders?tab=open', 'de'));
    expect(document.title).toBe('Anmeldung - Schlauchmanager');
  });

  it('shows a retry when sign-in cannot start', async () => {
    signIn(null);
    auth.login.mockRejectedValueOnce(new Error('unreachable'));
    renderAt('/auth/login');
    expect(await screen.findByText('Anmeldung nicht möglich')).toBeTruthy();
    auth.login.mockReturnValue(new Promise(() => undefined));
    act(() => screen.getByRole('button', { name: 'Erneut versuchen' }).click());
    expect(await screen.findByText('Weiterleitung zur Anmeldung…')).toBeTruthy();
    expect(auth.login).toHaveBeenCalledTimes(2);
  });

  it('explains offline that sign-in needs the network, and signs in once back online', async () => {
    signIn(null);
    auth.login.mockReturnValue(new Promise(() => undefined));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt('/auth/login?redirect=%2Forders');
    expect(await screen.findByText('Keine Netzwerkverbindung')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(auth.login).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Weiterleitung zur Anmeldung…')).toBeTruthy();
    expect(auth.login).toHaveBeenCalledWith('/orders', 'de');
    onLine.mockRestore();
  });

  it('shows a spinner on /auth/logout while signing out', async () => {
    signIn(staffUser);
    renderAt('/auth/logout');
    expect(await screen.findByText('Sie werden abgemeldet …')).toBeTruthy();
  });

  it('sends a signed-in user from the login page to the remembered path', async () => {
    signIn(staffUser);
    auth.takeRedirect.mockResolvedValue('/orders');
    const router = renderAt('/auth/login?redirect=%2Fsettings');
    await screen.findByRole('heading', { name: 'Offene Bestellungen' });
    expect(path(router)).toBe('/orders');
  });

  it('shows the dashboard in the default layout with the user and permitted menu', async () => {
    signIn(adminUser);
    renderAt('/');
    expect(
      await screen.findByRole('heading', { name: 'Guten Tag, Anna Admin' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('user-full-name').textContent).toBe('Anna Admin');
    expect(screen.getByTestId('nav-myCustomers')).toBeTruthy();
    expect(screen.getByTestId('nav-administration')).toBeTruthy();
    expect(document.title).toBe('Übersicht - Schlauchmanager');
  });

  it('hides staff entries from customer users and refuses their edit pages', async () => {
    signIn(customerUser);
    useSelectionStore.getState().selectCustomer('cust-1');
    renderAt('/settings');
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
    expect(screen.queryByTestId('nav-settings')).toBeNull();
    expect(screen.queryByTestId('nav-myCustomers')).toBeNull();
  });

  it("keeps customer users on their own customer's pages", async () => {
    signIn(customerUser);
    useSelectionStore.getState().selectCustomer('cust-1');
    const router = renderAt('/customer/someone-else/machine');
    // The customer dashboard opens (cust-1 is not on this test device, so it says so).
    // The first load of the customer screens (schemas, Dexie, sync) takes a few seconds here.
    await screen.findByTestId('row-not-found', {}, { timeout: 15_000 });
    expect(path(router)).toBe('/customer/cust-1');
  });

  it('opens the machine list and the creation wizard of a customer', async () => {
    signIn(staffUser);
    renderAt('/customer/c1/machine');
    // The first lazy screen chunk of the file loads slowly on a busy machine.
    const slow = { timeout: 10_000 };
    expect(await screen.findByRole('heading', { name: 'Maschinen' }, slow)).toBeTruthy();
    expect(
      await screen.findByText('Für diesen Kunden sind noch keine Maschinen erfasst.'),
    ).toBeTruthy();
    cleanup();
    renderAt('/customer/c1/machine/create');
    expect(await screen.findByRole('tab', { name: 'Hydraulikaggregate' }, slow)).toBeTruthy();
    expect(document.title).toBe('Maschine anlegen - Schlauchmanager');
  });

  it('redirects /cart to the selected customer cart', async () => {
    signIn(staffUser);
    useSelectionStore.getState().selectCustomer('c1');
    const router = renderAt('/cart/checkout');
    await screen.findByRole('heading', { name: 'Warenkorb' }, { timeout: 10_000 });
    expect(path(router)).toBe('/customer/c1/cart');
  });

  it('registers the nested part routes with their titles and permissions', async () => {
    signIn(staffUser);
    renderAt('/customer/c1/machine/m1/power-unit/p1/safety-valve/create');
    expect(await screen.findByRole('heading', { name: 'Sicherheitsventil anlegen' })).toBeTruthy();
    // The real part screen: back to the kind's list; power unit p1 is not on this device.
    expect(screen.getByRole('link', { name: /Sicherheitsventile/ }).getAttribute('href')).toBe(
      '/customer/c1/machine/m1/power-unit/p1/safety-valve',
    );
    expect(await screen.findByTestId('row-not-found')).toBeTruthy();
    // What the screen is about is missing: the document title says so, not the route's.
    expect(document.title).toBe('Nicht gefunden - Schlauchmanager');
  });

  it('offers a machine search on /dguv without the machine parameter', async () => {
    signIn(staffUser);
    renderAt('/dguv');
    // The DGUV screens load lazily and first read the user's running audit from IndexedDB.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Maschine für die DGUV-Prüfung wählen' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Maschine suchen' })).toBeTruthy();
  });

  it('shows the 404 page for unknown paths', async () => {
    signIn(staffUser);
    renderAt('/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(screen.getByText('Fehler 404')).toBeTruthy();
    expect(document.title).toBe('Seite nicht gefunden - Schlauchmanager');
  });

  it('shows a loader while the session loads', async () => {
    useAuthStore.setState({ ...initialAuthStateForTest, status: 'loading' });
    renderAt('/orders');
    expect(await screen.findByText('Sitzung wird geladen …')).toBeTruthy();
  });
});
