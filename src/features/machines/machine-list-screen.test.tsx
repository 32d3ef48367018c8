// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import type { SyncedEntity } from '@db/entity-tables';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { serverRow } from '@tests/fixtures/sync';
import { MachineListScreen } from './machine-list-screen';

// Mantine's combobox scrolls the selected option into view; jsdom has no scrolling.
Element.prototype.scrollIntoView ??= () => undefined;
// Live queries answer after IndexedDB (fake-indexeddb) does; give a busy machine time.
configure({ asyncUtilTimeout: 5000 });

const PATH = '/customer/:customerId/machine';
const ids = { company: '', north: '', south: '' };
const url = (query = '') => `/customer/${ids.company}/machine${query}`;

function signIn(user: SessionUser) {
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
}

beforeAll(async () => {
  const db = getDatabase();
  const put = async (entity: SyncedEntity, fields: Record<string, unknown>) => {
    const row = serverRow(fields);
    await rowTable(db, entity).put(row);
    return row.id;
  };
  ids.company = await put('company', { name: 'Kunde' });
  const companyId = ids.company;
  const place = (addition: string) =>
    put('location', { companyId, street: 'Weg', zip: '44149', city: 'Dortmund', addition });
  ids.north = await place('Werk Nord');
  ids.south = await place('Werk Süd');
  const bosch = await put('manufacturer', { name: 'Bosch' });
  const trumpf = await put('manufacturer', { name: 'Trumpf' });
  const machine = (
    machineType: string,
    internalId: string,
    manufacturerId: string,
    locationId: string | null,
    createdAt: string,
  ) =>
    put('machine', {
      companyId,
      machineType,
      internalId,
      manufacturerId,
      locationId,
      positionOnLocation: locationId ? 'Halle 1' : null,
      dguvInterval: 'YEAR',
      dguvIntervalCritical: 'HALFYEAR',
      comment: null,
      photo: null,
      createdAt,
    });
  const press = await machine('Presse', 'INV-2', bosch, ids.north, '2026-01-03T00:00:00.000Z');
  await machine('Bagger', 'INV-1', bosch, null, '2026-01-01T00:00:00.000Z');
  await machine('Abkantpresse', 'INV-3', trumpf, ids.south, '2026-01-02T00:00:00.000Z');
  // The press has a hose never checked: due now, first by maintenance.
  await put('pipe', { companyId, machineId: press, code: 'HM-1', position: 1, isCritical: false });
});
beforeEach(() => {
  signIn(staffUser);
  useSelectionStore.setState({ customerId: null, locationId: null });
});
afterAll(async () => {
  await getDatabase().delete();
});

const shown = () =>
  within(screen.getByTestId('machine-list'))
    .getAllByTestId('machine-card')
    // Manufacturer and type: the card's first two lines.
    .map((c) => {
      const [maker, type] = Array.from(c.querySelectorAll('p'));
      return `${maker?.textContent} ${type?.textContent}`;
    });

describe('machine list screen', () => {
  it('lists machines by name with hose count and next due, and offers create', async () => {
    await renderRoute(<MachineListScreen />, { path: PATH, url: url() });
    await waitFor(() =>
      expect(shown()).toEqual(['Trumpf Abkantpresse', 'Bosch Bagger', 'Bosch Presse']),
    );
    const press = screen.getAllByTestId('machine-card')[2]!;
    expect(within(press).getByText('1 Schlauchleitung')).toBeTruthy();
    expect(within(press).getByText('Ungeprüft – jetzt fällig')).toBeTruthy();
    expect(within(press).getByText(/Werk Nord – Weg, 44149 Dortmund · Halle 1/)).toBeTruthy();
    expect(screen.getByTestId('machine-create').getAttribute('href')).toBe(url('/create'));
  });

  it('opens a machine in the app from its card (a plain link the list navigates for)', async () => {
    const { router } = await renderRoute(<MachineListScreen />, {
      path: PATH,
      url: url('?q=trumpf'),
      others: ['/customer/:customerId/machine/:machineId'],
    });
    await waitFor(() => expect(shown()).toEqual(['Trumpf Abkantpresse']));
    const card = screen.getByTestId('machine-card');
    expect(card.tagName).toBe('A');
    expect(fireEvent.click(within(card).getByText('Abkantpresse'))).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe(card.getAttribute('href')));
    expect(router.state.location.pathname).toMatch(/\/machine\/[0-9a-f-]{36}$/);
  });

  it('applies the sort from the URL and changes it with the select', async () => {
    const { router } = await renderRoute(<MachineListScreen />, {
      path: PATH,
      url: url('?sort=created-desc'),
    });
    await waitFor(() =>
      expect(shown()).toEqual(['Bosch Presse', 'Trumpf Abkantpresse', 'Bosch Bagger']),
    );
    fireEvent.click(screen.getByTestId('machine-sort'));
    fireEvent.click(await screen.findByRole('option', { name: 'Nächste Prüfung zuerst' }));
    await waitFor(() => expect(shown()[0]).toBe('Bosch Presse'));
    expect(router.state.location.search).toBe('?sort=maintenance-asc');
    fireEvent.click(screen.getByTestId('machine-sort'));
    fireEvent.click(await screen.findByRole('option', { name: 'Name (Z–A)' }));
    await waitFor(() =>
      expect(shown()).toEqual(['Bosch Presse', 'Bosch Bagger', 'Trumpf Abkantpresse']),
    );
  });

  it('searches and keeps the search in the URL; no matches says so', async () => {
    const { router } = await renderRoute(<MachineListScreen />, { path: PATH, url: url() });
    await waitFor(() => expect(shown()).toHaveLength(3));
    fireEvent.change(screen.getByTestId('machine-search'), { target: { value: 'trumpf' } });
    await waitFor(() => expect(shown()).toEqual(['Trumpf Abkantpresse']));
    expect(router.state.location.search).toBe('?q=trumpf');
    fireEvent.change(screen.getByTestId('machine-search'), { target: { value: 'nothing' } });
    expect(await screen.findByText('Keine Einträge passen zum Filter.')).toBeTruthy();
  });

  it('filters by location, starting from the location selected in the header', async () => {
    useSelectionStore.setState({ customerId: ids.company, locationId: ids.south });
    const { router } = await renderRoute(<MachineListScreen />, { path: PATH, url: url() });
    await waitFor(() => expect(shown()).toEqual(['Trumpf Abkantpresse']));
    fireEvent.click(screen.getByTestId('machine-location-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ohne Standort' }));
    await waitFor(() => expect(shown()).toEqual(['Bosch Bagger']));
    expect(router.state.location.search).toBe('?location=none');
    fireEvent.click(screen.getByTestId('machine-location-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Alle Standorte' }));
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(router.state.location.search).toBe('?location=all');
  });

  it('shows no create button to customer users', async () => {
    signIn({ ...customerUser, customer: ids.company });
    await renderRoute(<MachineListScreen />, { path: PATH, url: url() });
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(screen.queryByTestId('machine-create')).toBeNull();
  });
});
