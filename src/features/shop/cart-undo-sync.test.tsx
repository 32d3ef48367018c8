// @vitest-environment jsdom
/**
 * The cart while the sync answers in between (docs/sync.md "The device's engine": the pull
 * re-applies pending local fields on top): a line removed and put back with the snack's undo,
 * then its quantity changed, while pull pages carrying the server's older state of the lines
 * land. The cart shows the lines as the user left them, each once.
 */
import '@tests/fixtures/browser-stubs';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import type { EntityRow, StoredRow } from '@db/entity-tables';
import type { Change, PullResponse } from '@domain/sync-contract';
import { useAuthStore } from '@lib/auth';
import { applyPage } from '@sync/pull';
import { renderRoute } from '@tests/fixtures/render';
import { seedShop, SURCHARGE, UNIT_CENTS, withNotifications } from '@tests/fixtures/shop';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { CustomerCartScreen } from './cart-screen';
import { addToCart } from './data/cart-writes';

// Live queries over fake-indexeddb are slow on a loaded machine.
configure({ asyncUtilTimeout: 8000 });

const CART = '/customer/:customerId/cart';
let companyId = '';
let pipe: EntityRow<'pipe'>;
const eur = (cents: number) =>
  new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const outbox = () => getDatabase().outbox.orderBy('localSeq').toArray();
const upsert = (entity: string, row: StoredRow): Change => ({
  entity,
  id: row.id,
  version: row.version,
  row,
});
const page = (changes: Change[], nextCursor: string): PullResponse => ({
  changes,
  nextCursor,
  hasMore: false,
  scope: 'staff',
});
const surchargeTotal = () => screen.getByText(/^davon Montagezuschlag/).textContent ?? '';

beforeAll(async () => {
  ({ companyId, pipe } = await seedShop());
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('remove, undo and a quantity change while pulls land', () => {
  it('counts the put-back line once, at the quantity typed', async () => {
    const db = getDatabase();
    await addToCart([pipe]);
    // The server's cart as the add made it: what a pull under way since the page opened brings.
    const [added] = (await rowTable(db, 'orderItem').toArray()) as StoredRow[];
    const [order] = (await rowTable(db, 'order').toArray()) as StoredRow[];

    await renderRoute(withNotifications(<CustomerCartScreen />), {
      path: CART,
      url: `/customer/${companyId}/cart`,
    });
    const line = await screen.findByTestId('cart-line');
    fireEvent.click(within(line).getByRole('button', { name: /entfernen$/ }));
    await waitFor(() => expect(screen.queryByTestId('cart-line')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Rückgängig' }));
    await screen.findByTestId('cart-line');

    // The pull lands with the removed line as the server still has it (its remove is queued).
    await act(() =>
      applyPage(db, page([upsert('order', order!), upsert('orderItem', added!)], 'c1')),
    );
    const [first] = await screen.findAllByTestId('cart-line');
    const qty = within(first!).getByRole('textbox', { name: 'Menge' });
    fireEvent.change(qty, { target: { value: '3' } });
    await waitFor(async () => {
      const patches = (await outbox()).filter((e) => e.method === 'PATCH');
      expect(patches.map((e) => e.body)).toEqual([{ quantity: 3 }]);
    });
    await waitFor(() => expect(surchargeTotal()).toContain(eur(3 * SURCHARGE)));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);

    // The server took the undo's add (quantity 1, under the name its catalogue gives); the
    // quantity change is still queued.
    const back = (await rowTable(db, 'orderItem').toArray()).find((l) => l.id !== added!.id);
    expect(back?.quantity).toBe(3);
    const pulled = { ...back!, quantity: 1, totalNetCents: UNIT_CENTS, name: 'SM-000001 (Server)' };
    await act(() => applyPage(db, page([upsert('orderItem', pulled as StoredRow)], 'c2')));
    await screen.findByText('SM-000001 (Server)');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(surchargeTotal()).toContain(eur(3 * SURCHARGE));
    expect(
      within(screen.getByTestId('cart-line')).getByRole<HTMLInputElement>('textbox', {
        name: 'Menge',
      }).value,
    ).toBe('3');
  });
});
