// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { CustomerDashboardScreen } from './customer-dashboard-screen';
import { clearDatabase, seedCustomers } from '@tests/fixtures/customers';

const SLOW = { timeout: 5000 };
const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
const open = (id: string) =>
  renderRoute(<CustomerDashboardScreen />, {
    path: '/customer/:customerId',
    url: `/customer/${id}`,
  });

describe('customer dashboard', () => {
  afterEach(async () => {
    await clearDatabase();
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('shows data, locations, contacts, apps and machines without location to staff', async () => {
    const { muster } = await seedCustomers();
    signIn(officeUser);
    await open(muster.id);
    expect(
      await screen.findByRole('heading', { name: 'Muster Hydraulik GmbH' }, SLOW),
    ).toBeTruthy();
    const locations = screen.getByTestId('customer-locations');
    expect(within(locations).getByText('Hauptadresse')).toBeTruthy();
    expect(within(locations).getByText('Lieferadresse')).toBeTruthy();
    expect(within(screen.getByTestId('customer-contacts')).getByText('Karl Kunde')).toBeTruthy();
    expect(screen.getByTestId('customer-app-machines').getAttribute('href')).toBe(
      `/customer/${muster.id}/machine`,
    );
    const unplaced = await screen.findByTestId('machines-without-location', {}, SLOW);
    expect(within(unplaced).getByRole('link', { name: 'INV-1' })).toBeTruthy();
    expect(screen.getByTestId('dguv-overview')).toBeTruthy();
    expect(screen.getByTestId('customer-edit')).toBeTruthy();
    expect(screen.getByTestId('customer-delete')).toBeTruthy();
  });

  it('is read-only for customer users', async () => {
    const { muster } = await seedCustomers();
    signIn({ ...customerUser, customer: muster.id });
    await open(muster.id);
    await screen.findByRole('heading', { name: 'Muster Hydraulik GmbH' }, SLOW);
    expect(screen.queryByTestId('customer-edit')).toBeNull();
    expect(screen.queryByTestId('customer-delete')).toBeNull();
  });

  it('deletes the customer after confirmation and returns to the list', async () => {
    const { muster } = await seedCustomers();
    signIn(officeUser);
    const { router } = await renderRoute(<CustomerDashboardScreen />, {
      path: '/customer/:customerId',
      url: `/customer/${muster.id}`,
      others: ['/customer'],
    });
    fireEvent.click(await screen.findByTestId('customer-delete', {}, SLOW));
    expect(await screen.findByText(/„Muster Hydraulik GmbH“ wirklich löschen/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'), SLOW);
    expect((await getDatabase().table('company').get(muster.id)).deletedAt).not.toBeNull();
    const last = await getDatabase().outbox.orderBy('localSeq').last();
    expect(last).toMatchObject({ kind: 'delete', entity: 'company', recordId: muster.id });
  });

  it('says so when the customer does not exist', async () => {
    signIn(officeUser);
    await open('01936b2e-0000-7000-8000-00000000ffff');
    expect(await screen.findByTestId('row-not-found', {}, SLOW)).toBeTruthy();
  });
});
