// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { SessionUser } from '@domain/schemas/session';
import { clearDatabase, seedCustomers } from '@tests/fixtures/customers';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { DashboardScreen, WorkListScreen } from './dashboard-screen';

const SLOW = { timeout: 5000 };
const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });

describe('start screen with a customer selected', () => {
  afterEach(async () => {
    useSelectionStore.getState().selectCustomer(null);
    await clearDatabase();
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('names the active customer, goes back to all customers and keeps the work list one tap away', async () => {
    const { muster } = await seedCustomers();
    signIn(officeUser);
    useSelectionStore.getState().selectCustomer(muster.id);
    const { router } = await renderRoute(<DashboardScreen />, {
      path: '/',
      url: '/',
      others: ['/work'],
    });
    const bar = await screen.findByTestId('active-customer', {}, SLOW);
    await waitFor(() => expect(bar.textContent).toContain('Aktiver Kunde: Muster Hydraulik GmbH'));
    expect(screen.queryByTestId('office-start')).toBeNull();
    expect(within(bar).getByRole('link', { name: 'Arbeitsliste' }).getAttribute('href')).toBe(
      '/work',
    );
    fireEvent.click(within(bar).getByRole('link', { name: 'Arbeitsliste' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/work'));
  });

  it('shows the work list on its own route whatever customer is selected', async () => {
    const { muster } = await seedCustomers();
    signIn(officeUser);
    useSelectionStore.getState().selectCustomer(muster.id);
    await renderRoute(<WorkListScreen />, { path: '/work', url: '/work' });
    expect(await screen.findByTestId('office-start', {}, SLOW)).toBeTruthy();
    expect(useSelectionStore.getState().customerId).toBe(muster.id);
  });

  it('returns to all customers, where the work list is the start', async () => {
    const { muster } = await seedCustomers();
    signIn(officeUser);
    useSelectionStore.getState().selectCustomer(muster.id);
    await renderRoute(<DashboardScreen />, { path: '/', url: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Alle Kunden' }, SLOW));
    expect(await screen.findByTestId('office-start', {}, SLOW)).toBeTruthy();
    expect(useSelectionStore.getState().customerId).toBeNull();
  });

  it('says so when the customer is still selected from an earlier day', async () => {
    const { muster } = await seedCustomers();
    signIn(officeUser);
    useSelectionStore.setState({ customerId: muster.id, locationId: null, chosenOn: '2020-01-31' });
    await renderRoute(<DashboardScreen />, { path: '/', url: '/' });
    const bar = await screen.findByTestId('active-customer', {}, SLOW);
    await waitFor(() =>
      expect(bar.textContent).toContain(
        'Muster Hydraulik GmbH ist noch von einem früheren Tag ausgewählt.',
      ),
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Weiter mit diesem Kunden' }));
    await waitFor(() => expect(bar.textContent).toContain('Aktiver Kunde: Muster Hydraulik GmbH'));
    expect(useSelectionStore.getState().customerId).toBe(muster.id);
  });
});
