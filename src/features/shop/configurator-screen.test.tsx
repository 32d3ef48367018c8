// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { ConfiguratorScreen } from './configurator-screen';
import { seedShop, SURCHARGE, withNotifications } from '@tests/fixtures/shop';

configure({ asyncUtilTimeout: 8000 });
let companyId = '';
let machineId = '';
const eur = (cents: number) =>
  new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(cents / 100);

beforeAll(async () => {
  ({ companyId, machineId } = await seedShop());
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
  useSelectionStore.setState({ customerId: companyId });
});
afterAll(async () => {
  await getDatabase().delete();
});

const choose = async (label: RegExp, option: RegExp) => {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('configurator (docs/api.md)', () => {
  it('marks what is required instead of showing errors before anything was touched', async () => {
    await renderRoute(<ConfiguratorScreen />, { path: '/configurator', url: '/configurator' });
    expect((await screen.findByTestId('configurator-missing')).textContent).toBe(
      'Wählen Sie zuerst Standort und Maschine (mit * markiert).',
    );
    expect(screen.queryByText('Bitte auswählen.')).toBeNull();
    expect(screen.getByTestId('configurator-add').hasAttribute('disabled')).toBe(true);
  });

  it('says when no hose in the assortment matches the search', { timeout: 60_000 }, async () => {
    await renderRoute(<ConfiguratorScreen />, { path: '/configurator', url: '/configurator' });
    const search = await screen.findByRole('combobox', { name: 'Schlauch suchen' });
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'gibt es nicht' } });
    expect(await screen.findByText('Keine passende Schlauchleitung im Sortiment.')).toBeTruthy();
  });

  it(
    'prices the assembly and orders the new hose with its cart line in one call',
    { timeout: 60_000 },
    async () => {
      await renderRoute(withNotifications(<ConfiguratorScreen />), {
        path: '/configurator',
        url: '/configurator',
      });
      await choose(/^Standort/, /Werkstraße/);
      await choose(/^Maschine/, /INV-1/);
      await choose(/^Schlauch suchen/, /Schlauch 2SN DN10/);
      fireEvent.change(screen.getByRole('textbox', { name: 'Länge' }), {
        target: { value: '2000' },
      });
      await choose(/^Armatur links/, /^24° metrisch$/);
      await choose(/^Armatur rechts/, /^24° metrisch$/);
      // 2 m × 10 € + 2 × 5 € + surcharge.
      const unit = 2000 + 1000 + SURCHARGE;
      await waitFor(() =>
        expect(screen.getByTestId('configurator-summary').textContent).toContain(eur(unit)),
      );
      fireEvent.change(screen.getByRole('textbox', { name: 'Menge' }), { target: { value: '2' } });
      await waitFor(() =>
        expect(screen.getByTestId('configurator-total').textContent).toContain(eur(2 * unit)),
      );
      fireEvent.click(screen.getByTestId('configurator-add'));
      expect(await screen.findByTestId('added-line')).toBeTruthy();

      const created = (await rowTable(getDatabase(), 'pipe').toArray()).find(
        (p) => p.length === 2000,
      );
      expect(created).toMatchObject({ machineId, position: 3, code: 'SM-000003' });
      const line = (await rowTable(getDatabase(), 'orderItem').toArray()).find(
        (l) => l.pipeId === created?.id,
      );
      expect(line).toMatchObject({ quantity: 2, unitNetCents: unit, totalNetCents: 2 * unit });
      // One call a customer may make: the hose and its line together (no CMS create).
      const calls = (await getDatabase().outbox.orderBy('localSeq').toArray()).map((e) => e.path);
      expect(calls).toEqual(['/shop/configured']);
    },
  );
});
