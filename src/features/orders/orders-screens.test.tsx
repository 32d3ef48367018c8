// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { CheckoutScreen } from './checkout-screen';
import { OrderDetailScreen } from './order-detail-screen';
import { OrdersScreen } from './orders-screen';
import { clearDatabase, COMPANY, seedCompany, seedOrder } from './orders-test-data';

const SLOW = { timeout: 5000 };
const kunde = { ...customerUser, customer: COMPANY };
const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
const outbox = () => getDatabase().outbox.toArray();

describe('orders screens', () => {
  afterEach(clearDatabase);
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('lists a customer’s open orders with translated states and net totals, not the cart', async () => {
    await seedCompany();
    const pending = await seedOrder('APPROVAL_PENDING');
    await seedOrder('NEW');
    await seedOrder('COMPLETE');
    signIn(kunde);
    await renderRoute(<OrdersScreen />, { path: '/orders', url: '/orders' });
    const cards = await screen.findAllByTestId('order-card', {}, SLOW);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.getAttribute('href')).toBe(`/orders/${pending.id}`);
    expect(within(cards[0]!).getByText('Wartet auf Freigabe')).toBeTruthy();
    // 2 × 45,50 € + 1 × 45,50 €, net.
    expect(cards[0]?.textContent).toMatch(/136,50\s€/);
    expect(within(cards[0]!).getByText('zzgl. MwSt.')).toBeTruthy();
  });

  it('gives the office its three queues with counts', async () => {
    await seedCompany();
    await seedOrder('APPROVAL_PENDING');
    const ready = await seedOrder('READY');
    await seedOrder('ORDERED');
    await seedOrder('WORKSHOP');
    signIn(officeUser);
    await renderRoute(<OrdersScreen />, { path: '/orders', url: '/orders?queue=process' });
    const cards = await screen.findAllByTestId('order-card', {}, SLOW);
    expect(cards.map((c) => c.getAttribute('data-order-id'))).toEqual([ready.id]);
    expect(within(cards[0]!).getByText('Muster Hydraulik GmbH')).toBeTruthy();
    expect(screen.getByTestId('queue-approve').parentElement?.textContent).toContain('(1)');
    expect(screen.getByTestId('queue-progress').parentElement?.textContent).toContain('(2)');
  });

  it('shows an order’s lines, addresses and dated history; the office releases it', async () => {
    await seedCompany();
    const order = await seedOrder('APPROVAL_PENDING', { comment: 'Tor 3' });
    signIn(officeUser);
    await renderRoute(<OrderDetailScreen />, {
      path: '/orders/:orderId',
      url: `/orders/${order.id}`,
    });
    await screen.findByTestId('order-detail', {}, SLOW);
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
    expect(screen.getByText('Hafenweg')).toBeTruthy();
    expect(screen.getByText('Karl Kunde')).toBeTruthy();
    expect(screen.getByText('Tor 3')).toBeTruthy();
    expect(
      within(screen.getByTestId('order-history')).getByText('Wartet auf Freigabe'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('order-action-release'));
    await waitFor(async () =>
      expect(await outbox()).toMatchObject([
        { method: 'POST', path: `/shop/order/${order.id}/transition`, body: { to: 'READY' } },
      ]),
    );
  });

  it('lets a customer withdraw a pending order after confirming, and shows a refusal in words', async () => {
    await seedCompany();
    const order = await seedOrder('APPROVAL_PENDING');
    signIn(kunde);
    await renderRoute(<OrderDetailScreen />, {
      path: '/orders/:orderId',
      url: `/orders/${order.id}`,
    });
    fireEvent.click(await screen.findByTestId('order-action-cancel', {}, SLOW));
    expect(screen.getByText('Bestellung zurückziehen?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(async () =>
      expect((await outbox())[0]).toMatchObject({ body: { to: 'CANCELED' } }),
    );
    const [entry] = await outbox();
    await getDatabase().outbox.put({
      ...entry!,
      state: 'rejected',
      error: {
        status: 409,
        code: 'invalid_transition',
        message: 'orders:transitionCustomerCancel',
      },
    });
    expect(await screen.findByText(/solange sie auf Freigabe wartet/, {}, SLOW)).toBeTruthy();
  });

  it('checks out with addresses and both consents through the outbox; unknown ids go to the cart', async () => {
    await seedCompany();
    const cart = await seedOrder('NEW');
    signIn(kunde);
    const { router } = await renderRoute(<CheckoutScreen />, {
      path: '/cart/checkout/:orderId',
      url: `/cart/checkout/${cart.id}`,
      others: ['/orders/:orderId', '/cart'],
    });
    const submit = await screen.findByTestId('checkout-submit', {}, SLOW);
    expect(screen.getByText('zzgl. MwSt.')).toBeTruthy();
    fireEvent.click(submit);
    expect(
      await screen.findByText('Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.'),
    ).toBeTruthy();
    expect(screen.getByText('Bitte akzeptieren Sie die Datenschutzerklärung.')).toBeTruthy();
    expect(await outbox()).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.'));
    fireEvent.click(
      screen.getByLabelText('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie.'),
    );
    fireEvent.change(screen.getByLabelText('Kommentar (optional)'), { target: { value: 'Tor 3' } });
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${cart.id}`));
    expect(await outbox()).toMatchObject([
      {
        method: 'POST',
        path: `/shop/submit/${cart.id}`,
        recordId: cart.id,
        body: {
          acceptedTerms: true,
          acceptedPrivacy: true,
          comment: 'Tor 3',
          paymentType: 'INVOICE',
        },
      },
    ]);
    await router.navigate('/cart/checkout/01936b2e-0009-7000-8000-999999999999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });
});
