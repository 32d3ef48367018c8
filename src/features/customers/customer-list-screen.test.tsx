// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { clearDatabase, seedCustomers } from '@tests/fixtures/customers';
import { CustomerListScreen } from './customer-list-screen';

const open = () =>
  renderRoute(<CustomerListScreen />, {
    path: '/customer',
    url: '/customer',
    others: ['/customer/:customerId', '/customer/create'],
  });

describe('customer list', () => {
  beforeEach(() => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: officeUser,
    });
  });
  afterEach(async () => {
    useSelectionStore.getState().selectCustomer(null);
    await clearDatabase();
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('shows name, number, main city and machine count, searched as you type', async () => {
    await seedCustomers();
    await open();
    const rows = await screen.findAllByTestId('customer-row');
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['K-10001', 'Dortmund', '1'],
      ['K-20002', '—', '0'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Muster Hydraulik GmbH' })).toBeTruthy();
    const search = screen.getByLabelText('Suche nach Name oder Kundennummer');
    fireEvent.change(search, { target: { value: '20002' } });
    await waitFor(() => expect(screen.getAllByTestId('customer-row')).toHaveLength(1));
    expect(screen.getByText('Stahlbau AG')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'muster hydr' } });
    await waitFor(() => expect(screen.getByText('Muster Hydraulik GmbH')).toBeTruthy());
    fireEvent.change(search, { target: { value: 'nichts' } });
    expect(await screen.findByText('Keine Einträge passen zum Filter.')).toBeTruthy();
  });

  it('selects a customer as the active one and opens its dashboard', async () => {
    const { stahl } = await seedCustomers();
    const { router } = await open();
    const row = (await screen.findAllByTestId('customer-row'))[1]!;
    fireEvent.click(within(row).getByRole('button', { name: /Stahlbau AG/ }));
    expect(useSelectionStore.getState().customerId).toBe(stahl.id);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customer/${stahl.id}`));
  });

  it('shows the empty state with a create button for staff', async () => {
    await open();
    expect(await screen.findByText('Noch keine Kunden angelegt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ersten Kunden anlegen' })).toBeTruthy();
  });
});
