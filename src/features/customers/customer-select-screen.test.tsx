// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { CustomerSelectScreen } from './customer-select-screen';
import { clearDatabase, seedCustomers } from '@tests/fixtures/customers';

const SLOW = { timeout: 5000 };
const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
const open = (url = '/customer/select') =>
  renderRoute(<CustomerSelectScreen />, {
    path: '/customer/select',
    url,
    others: ['/customer', '/customer/:customerId', '/customer/:customerId/machine'],
  });

describe('select customer and location', () => {
  afterEach(async () => {
    useSelectionStore.getState().selectCustomer(null);
    await clearDatabase();
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('lets staff search a customer, pick one location, and opens the customer', async () => {
    const { muster, main } = await seedCustomers();
    signIn(officeUser);
    const { router } = await open();
    const input = screen.getByTestId('select-customer');
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'muster' } });
    fireEvent.click(await screen.findByRole('option', { name: /Muster Hydraulik GmbH/ }, SLOW));
    expect(screen.queryByRole('option', { name: /Stahlbau/ })).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: /Werkstraße 5, Dortmund/ }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(useSelectionStore.getState()).toMatchObject({
      customerId: muster.id,
      locationId: main.id,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customer/${muster.id}`));
  });

  it('goes back to all customers for staff', async () => {
    const { stahl } = await seedCustomers();
    useSelectionStore.getState().selectCustomer(stahl.id);
    signIn(officeUser);
    const { router } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Alle Kunden anzeigen' }));
    expect(useSelectionStore.getState().customerId).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'));
  });

  it("offers a customer user only their own customer's locations, then follows redirect", async () => {
    const { muster, delivery } = await seedCustomers();
    signIn({ ...customerUser, customer: muster.id });
    const target = `/customer/${muster.id}/machine`;
    const { router } = await open(`/customer/select?redirect=${encodeURIComponent(target)}`);
    expect(await screen.findByText('Muster Hydraulik GmbH', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('select-customer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alle Kunden anzeigen' })).toBeNull();
    await screen.findByRole('radio', { name: /Hafenweg, Essen/ }, SLOW);
    expect(screen.getAllByRole('radio')).toHaveLength(3); // all locations + two addresses
    fireEvent.click(screen.getByRole('radio', { name: /Hafenweg, Essen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(useSelectionStore.getState()).toMatchObject({
      customerId: muster.id,
      locationId: delivery.id,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });
});
