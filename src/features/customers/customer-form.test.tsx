// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { CustomerCreateScreen } from './customer-create-screen';
import { CustomerEditScreen } from './customer-edit-screen';
import { clearDatabase, seedCustomers } from '@tests/fixtures/customers';

/** Saving is several Dexie transactions; on a busy machine that takes more than a second. */
const SLOW = { timeout: 8000 };
const REQUIRED = 'Dieses Feld ist erforderlich.';
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const liveRows = async (entity: 'company' | 'location' | 'contact') =>
  (await getDatabase().table(entity).toArray()).filter((r: { deletedAt: unknown }) => !r.deletedAt);

describe('customer form', () => {
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

  it('refuses invalid input with translated messages and saves nothing', async () => {
    await renderRoute(<CustomerCreateScreen />, {
      path: '/customer/create',
      url: '/customer/create',
    });
    type(screen.getAllByLabelText(/^E-Mail/)[0]!, 'keine-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Adresse hinzufügen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ansprechpartner hinzufügen' }));
    save();
    expect(
      await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    ).toBeTruthy();
    // Company name, street, zip, city and the contact's last name.
    expect(screen.getAllByText(REQUIRED)).toHaveLength(5);
    expect(await liveRows('company')).toEqual([]);
    expect(await getDatabase().outbox.count()).toBe(0);
  });

  it("refuses another customer's customer number, and saves a free one", async () => {
    await seedCustomers();
    const { router } = await renderRoute(<CustomerCreateScreen />, {
      path: '/customer/create',
      url: '/customer/create',
      others: ['/customer/:customerId'],
    });
    type(screen.getByLabelText(/^Name/), 'Zweite Hydraulik KG');
    type(screen.getByLabelText(/^Kundennummer/), ' k-10001 ');
    save();
    expect(
      await screen.findByText('Diese Kundennummer hat bereits ein anderer Kunde.', {}, SLOW),
    ).toBeTruthy();
    expect((await liveRows('company')).map((c) => c.name)).not.toContain('Zweite Hydraulik KG');
    type(screen.getByLabelText(/^Kundennummer/), 'K-10003');
    save();
    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/customer\/[0-9a-f-]{36}$/),
      SLOW,
    );
    expect((await liveRows('company')).map((c) => c.customerNumber)).toContain('K-10003');
  });

  it('creates the customer, its address and contact with outbox entries, then shows it', async () => {
    const activeBefore = 'c-active-before';
    useSelectionStore.setState({ customerId: activeBefore });
    const { router } = await renderRoute(<CustomerCreateScreen />, {
      path: '/customer/create',
      url: '/customer/create',
      others: ['/customer/:customerId'],
    });
    type(screen.getByLabelText(/^Name/), 'Neu Hydraulik KG');
    type(screen.getByLabelText(/^USt-IdNr/), 'DE111222333');
    fireEvent.click(screen.getByRole('button', { name: 'Adresse hinzufügen' }));
    type(screen.getByLabelText(/^Straße/), 'Am Hafen');
    type(screen.getByLabelText(/^PLZ/), '28195');
    type(screen.getByLabelText(/^Ort/), 'Bremen');
    type(screen.getByLabelText(/^Entfernung/), '12,5');
    fireEvent.click(screen.getByRole('button', { name: 'Ansprechpartner hinzufügen' }));
    type(screen.getByLabelText(/^Nachname/), 'Meier');
    save();

    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/customer\/[0-9a-f-]{36}$/),
      SLOW,
    );
    const [company] = await liveRows('company');
    expect(company).toMatchObject({ name: 'Neu Hydraulik KG', taxident: 'DE111222333' });
    expect(router.state.location.pathname).toBe(`/customer/${company.id}`);
    expect(await liveRows('location')).toEqual([
      expect.objectContaining({
        companyId: company.id,
        city: 'Bremen',
        distance: 12.5,
        type: 'MAIN',
      }),
    ]);
    expect(await liveRows('contact')).toEqual([
      expect.objectContaining({ companyId: company.id, lastName: 'Meier', locationId: null }),
    ]);
    const outbox = await getDatabase().outbox.orderBy('localSeq').toArray();
    expect(outbox.map((e) => [e.kind, e.entity])).toEqual([
      ['create', 'company'],
      ['create', 'location'],
      ['create', 'contact'],
    ]);
    // The active customer stays as it was: creating one does not switch to it.
    expect(useSelectionStore.getState().customerId).toBe(activeBefore);
  });

  it('edits: updates changed rows, deletes a removed address after confirmation', async () => {
    const { muster, delivery } = await seedCustomers();
    await getDatabase().outbox.clear();
    const { router } = await renderRoute(<CustomerEditScreen />, {
      path: '/customer/:customerId/edit',
      url: `/customer/${muster.id}/edit`,
      others: ['/customer/:customerId'],
    });
    type(await screen.findByLabelText(/^Name/), 'Muster Hydraulik AG');
    fireEvent.click(screen.getAllByRole('button', { name: 'Adresse entfernen' })[1]!);
    expect(await screen.findByText(/Die Adresse „Hafenweg, Essen“/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(screen.getAllByTestId('address-row')).toHaveLength(1));
    save();

    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/customer/${muster.id}`),
      SLOW,
    );
    expect((await getDatabase().table('company').get(muster.id)).name).toBe('Muster Hydraulik AG');
    expect((await getDatabase().table('location').get(delivery.id)).deletedAt).not.toBeNull();
    const outbox = await getDatabase().outbox.orderBy('localSeq').toArray();
    expect(outbox.map((e) => [e.kind, e.entity])).toEqual([
      ['update', 'company'],
      ['delete', 'location'],
    ]);
  });
});
