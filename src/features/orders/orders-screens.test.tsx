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

  it('asks the office why it declines, refuses an empty reason, and queues the reason', async () => {
    await seedCompany();
    const order = await seedOrder('APPROVAL_PENDING');
    signIn(officeUser);
    await renderRoute(<OrderDetailScreen />, {
      path: '/orders/:orderId',
      url: `/orders/${order.id}`,
    });
    fireEvent.click(await screen.findByTestId('order-action-decline', {}, SLOW));
    const dialog = await screen.findByTestId('decline-dialog');
    const reason = within(dialog).getByLabelText(/Grund der Ablehnung/);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(
      await within(dialog).findByText('Bitte geben Sie einen Grund für die Ablehnung an.'),
    ).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(await outbox()).toHaveLength(0);
    fireEvent.change(reason, { target: { value: ' Schlauchtyp nicht lieferbar ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(async () =>
      expect(await outbox()).toMatchObject([
        {
          path: `/shop/order/${order.id}/transition`,
          body: { to: 'CANCELED', reason: 'Schlauchtyp nicht lieferbar' },
        },
      ]),
    );
  });

  it('shows a declined order as “Abgelehnt” with its reason, and who did what when', async () => {
    await seedCompany();
    const T2 = '2026-03-02T09:30:00.000Z';
    const order = await seedOrder('CANCELED', {
      stateHistory: [
        {
          state: 'APPROVAL_PENDING',
          at: '2026-03-01T08:00:00.000Z',
          action: 'submit',
          from: 'NEW',
          userId: 'u-kunde',
          userName: 'Karl Kunde',
          reason: null,
        },
        {
          state: 'CANCELED',
          at: T2,
          action: 'decline',
          from: 'APPROVAL_PENDING',
          userId: 'u-office',
          userName: 'Berta Büro',
          reason: 'Schlauchtyp nicht lieferbar',
        },
      ],
    });
    const canceled = await seedOrder('CANCELED', {
      stateHistory: [
        { state: 'APPROVAL_PENDING', at: '2026-03-01T08:00:00.000Z' },
        { state: 'CANCELED', at: T2, action: 'cancel', userId: 'u-kunde', userName: 'Karl Kunde' },
      ],
    });
    signIn(kunde);
    const view = await renderRoute(<OrdersScreen complete />, {
      path: '/orders/complete',
      url: '/orders/complete',
    });
    const cards = await screen.findAllByTestId('order-card', {}, SLOW);
    const card = (id: string) => cards.find((c) => c.getAttribute('data-order-id') === id)!;
    expect(within(card(order.id)).getByTestId('order-state').textContent).toBe('Abgelehnt');
    expect(within(card(order.id)).getByText(/Schlauchtyp nicht lieferbar/)).toBeTruthy();
    expect(within(card(canceled.id)).getByTestId('order-state').textContent).toBe('Storniert');
    view.unmount();

    await renderRoute(<OrderDetailScreen />, {
      path: '/orders/:orderId',
      url: `/orders/${order.id}`,
    });
    const detail = await screen.findByTestId('order-detail', {}, SLOW);
    expect(within(detail).getByTestId('order-state').textContent).toBe('Abgelehnt');
    expect(within(detail).getByTestId('decline-reason-shown').textContent).toBe(
      'Grund der Ablehnung: Schlauchtyp nicht lieferbar',
    );
    const steps = within(screen.getByTestId('order-history')).getAllByTestId('order-history-step');
    expect(steps).toHaveLength(2);
    expect(steps[0]?.textContent).toContain('Abgeschickt (Wartet auf Freigabe)');
    expect(steps[0]?.textContent).toContain('Karl Kunde');
    expect(steps[1]?.textContent).toContain('Abgelehnt');
    expect(steps[1]?.textContent).toContain('Berta Büro');
    expect(steps[1]?.textContent).toContain('02.03.2026');
    expect(steps[1]?.textContent).toContain('Grund: Schlauchtyp nicht lieferbar');
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
