// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { CustomerCartScreen } from './cart-screen';
import { ReplaceButton } from './replace-button';
import { seedShop, UNIT_CENTS, withNotifications } from '@tests/fixtures/shop';

// Live queries over fake-indexeddb are slow on a loaded machine.
configure({ asyncUtilTimeout: 8000 });

const CART = '/customer/:customerId/cart';
let companyId = '';
let pipe: EntityRow<'pipe'>;
let unpriced: EntityRow<'pipe'>;
const eur = (cents: number) =>
  new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const outbox = () => getDatabase().outbox.orderBy('localSeq').toArray();

beforeAll(async () => {
  ({ companyId, pipe, unpriced } = await seedShop());
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('order replacement and the cart', () => {
  it('shows the empty cart with ways to order', async () => {
    await renderRoute(<CustomerCartScreen />, { path: CART, url: `/customer/${companyId}/cart` });
    expect(await screen.findByText('Der Warenkorb ist leer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Konfigurator' })).toBeTruthy();
  });

  it('puts a hose into the cart in one tap with its price, offline, as one queued call', async () => {
    await renderRoute(withNotifications(<ReplaceButton pipe={pipe} />), {
      path: '/hose',
      url: '/hose',
      others: [CART],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ersatz bestellen – SM-000001' }));
    const note = await screen.findByTestId('added-line');
    expect(note.textContent).toContain(eur(UNIT_CENTS));
    expect(note.textContent).toContain(eur(1250));

    const [entry] = await outbox();
    const [line] = await rowTable(getDatabase(), 'orderItem').toArray();
    const [order] = await rowTable(getDatabase(), 'order').toArray();
    expect(order).toMatchObject({ companyId, state: 'NEW' });
    expect(line).toMatchObject({ orderId: order?.id, quantity: 1, totalNetCents: UNIT_CENTS });
    expect(entry).toMatchObject({ method: 'POST', path: '/shop/', recordId: line?.id });
    expect(entry?.body).toEqual([
      {
        pipeId: pipe.id,
        locationId: order?.locationId,
        quantity: 1,
        orderId: order?.id,
        id: line?.id,
      },
    ]);
  });

  it('refuses a hose the catalogue cannot price, with docs/api.md message, queueing nothing', async () => {
    const before = (await outbox()).length;
    await renderRoute(withNotifications(<ReplaceButton pipe={unpriced} />), {
      path: '/hose',
      url: '/hose',
    });
    fireEvent.click(screen.getByRole('button', { name: /SM-000002/ }));
    expect(
      await screen.findByText('SM-000002: Keine passende Schlauchleitung im Sortiment.'),
    ).toBeTruthy();
    expect(await outbox()).toHaveLength(before);
  });

  it('lists the line with prices, sends one quantity change once typing stops, removes with undo', async () => {
    const { router } = await renderRoute(withNotifications(<CustomerCartScreen />), {
      path: CART,
      url: `/customer/${companyId}/cart`,
      others: ['/cart/checkout/:orderId'],
    });
    const line = await screen.findByTestId('cart-line');
    expect(within(line).getByText(/SM-000001/)).toBeTruthy();
    expect(within(line).getByText('Preis wird beim Senden bestätigt')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toContain(eur(UNIT_CENTS));
    expect(screen.getByText(/zzgl\. MwSt\./)).toBeTruthy();

    const qty = within(line).getByRole('textbox', { name: 'Menge' });
    fireEvent.change(qty, { target: { value: '1000' } });
    expect(await within(line).findByText('Der Wert darf höchstens 999 betragen.')).toBeTruthy();
    fireEvent.change(qty, { target: { value: '2' } });
    fireEvent.change(qty, { target: { value: '20' } });
    fireEvent.click(within(line).getByRole('button', { name: 'Menge erhöhen' }));
    await waitFor(async () => {
      const patches = (await outbox()).filter((e) => e.method === 'PATCH');
      expect(patches.map((e) => e.body)).toEqual([{ quantity: 21 }]);
    });
    await waitFor(() =>
      expect(screen.getByTestId('cart-total').textContent).toContain(eur(21 * UNIT_CENTS)),
    );

    fireEvent.click(within(line).getByRole('button', { name: /entfernen$/ }));
    await waitFor(() => expect(screen.queryByTestId('cart-line')).toBeNull());
    expect(screen.getByText('Der Warenkorb ist leer.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Rückgängig' }));
    const back = await screen.findByTestId('cart-line');
    expect(within(back).getByRole<HTMLInputElement>('textbox', { name: 'Menge' }).value).toBe('21');
    const calls = await outbox();
    expect(calls.map((e) => e.method)).toEqual(['POST', 'PATCH', 'DELETE', 'POST']);
    expect(calls[3]?.dependsOn).toContain(calls[2]?.mutationId);

    await act(async () => {
      fireEvent.click(screen.getByTestId('cart-checkout'));
    });
    const [order] = await rowTable(getDatabase(), 'order').toArray();
    expect(router.state.location.pathname).toBe(`/cart/checkout/${order?.id}`);
  });
});
