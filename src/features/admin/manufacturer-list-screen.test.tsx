// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SnackStack, clearSnacks } from '@components/snacks';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { adminUser, initialAuthStateForTest } from '@tests/fixtures/test-users';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { ManufacturerListScreen } from './manufacturer-list-screen';

const SLOW = { timeout: 5000 };
let usedId = '';

const open = () =>
  renderRoute(
    <>
      <ManufacturerListScreen />
      <SnackStack />
    </>,
    { path: '/admin/manufacturer', url: '/admin/manufacturer' },
  );

const rowOf = (name: string) =>
  screen.getAllByTestId('manufacturer-row').find((r) => within(r).queryByText(name) !== null)!;

const names = () =>
  screen.queryAllByTestId('manufacturer-row').map((r) => r.querySelector('p')?.textContent ?? '');

const outbox = async (entity: string) =>
  (await getDatabase().outbox.toArray()).filter((e) => e.entity === entity);

describe('manufacturers screen', () => {
  beforeAll(async () => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: adminUser,
      accessToken: 't',
    });
    const db = getDatabase();
    // 'Hersteller' names the seeded machine; the other two are unused.
    usedId = (await seedMachine(db)).manufacturerId;
    await rowTable(db, 'manufacturer').put(serverRow({ name: 'Parker' }));
    await rowTable(db, 'manufacturer').put(serverRow({ name: 'Bosch Rexroth' }));
  });
  afterEach(() => clearSnacks());
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('lists manufacturers by name with their uses, and searches', async () => {
    await open();
    await waitFor(() => expect(names()).toEqual(['Bosch Rexroth', 'Hersteller', 'Parker']), SLOW);
    expect(screen.getByText('3 Hersteller')).toBeTruthy();
    expect(within(rowOf('Hersteller')).getByText('1 Verwendung')).toBeTruthy();
    expect(within(rowOf('Parker')).getByText('nicht verwendet')).toBeTruthy();
    fireEvent.change(screen.getByTestId('manufacturer-search'), { target: { value: ' PARK ' } });
    await waitFor(() => expect(names()).toEqual(['Parker']), SLOW);
  });

  it('creates one through mutate and refuses a duplicate name on create and rename', async () => {
    await open();
    await waitFor(() => expect(names()).toHaveLength(3), SLOW);
    fireEvent.click(screen.getByTestId('manufacturer-create'));
    fireEvent.change(screen.getByTestId('manufacturer-name-input'), {
      target: { value: '  parker ' },
    });
    fireEvent.click(screen.getByTestId('manufacturer-save'));
    expect(
      await screen.findByText('Ein Hersteller mit diesem Namen existiert bereits.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('manufacturer-name-input'), {
      target: { value: 'Hydac' },
    });
    fireEvent.click(screen.getByTestId('manufacturer-save'));
    expect(await screen.findByText('Hersteller gespeichert.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(names()).toContain('Hydac'), SLOW);
    const created = await outbox('manufacturer');
    expect(created.map((e) => e.kind)).toEqual(['create']);

    // Rename: another manufacturer's name is refused, nothing is written.
    fireEvent.click(screen.getByRole('button', { name: 'Umbenennen: Hydac' }));
    fireEvent.change(screen.getByTestId('manufacturer-name-input'), {
      target: { value: 'BOSCH REXROTH' },
    });
    fireEvent.click(screen.getByTestId('manufacturer-save'));
    expect(
      await screen.findByText('Ein Hersteller mit diesem Namen existiert bereits.'),
    ).toBeTruthy();
    expect(await outbox('manufacturer')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('manufacturer-name-input'), {
      target: { value: 'Hydac International' },
    });
    fireEvent.click(screen.getByTestId('manufacturer-save'));
    await waitFor(() => expect(names()).toContain('Hydac International'), SLOW);
    expect(names()).not.toContain('Hydac');
  });

  it('refuses to delete a manufacturer in use with the count, and deletes after confirming', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Löschen: Hersteller' }, SLOW));
    expect(
      await screen.findByText(
        'Hersteller wird noch 1-mal verwendet (Maschinen, Aggregate, Bauteile) und kann nicht gelöscht werden.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Hersteller löschen?')).toBeNull();
    expect((await outbox('manufacturer')).some((e) => e.recordId === usedId)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Löschen: Parker' }));
    expect(await screen.findByText('Hersteller löschen?')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Parker wurde gelöscht.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(names()).not.toContain('Parker'), SLOW);
    expect((await outbox('manufacturer')).at(-1)?.kind).toBe('delete');
  });
});
