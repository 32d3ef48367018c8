// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import type { SessionUser } from '@domain/schemas/session';
import { createMutator } from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import { CustomerPipesScreen } from './customer-pipes-screen';
import { MachinePipesScreen } from './machine-pipes-screen';
import { OrderSlotProvider, type OrderSlot } from '@components/order-slot';

/**
 * Retired hoses in the hose lists (docs/hose-lifecycle.md): hidden by default, counted out of
 * the list's total, shown with the day they came off when the life filter asks for them.
 */
const MACHINE_PATH = '/customer/:customerId/machine/:machineId/parts/pipes';
const CUSTOMER_PATH = '/customer/:customerId/pipes';
let machineUrl = '';
let customerUrl = '';

function signIn(user: SessionUser) {
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
}

beforeAll(async () => {
  const db = getDatabase();
  const { companyId, machineId } = await seedMachine(db);
  machineUrl = `/customer/${companyId}/machine/${machineId}/parts/pipes`;
  customerUrl = `/customer/${companyId}/pipes`;
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  const hose = (position: number, code: string, extra: Record<string, unknown> = {}) =>
    mutate.create('pipe', { machineId, position, code, ...extra });
  // Position 1 was swapped twice: two retired assemblies, the third one installed.
  const first = await hose(1, 'SM-000001', { retiredAt: '2024-05-02' });
  const second = await hose(1, 'SM-000004', { retiredAt: '2026-01-15', predecessorId: first.id });
  await hose(1, 'SM-000005', { predecessorId: second.id });
  await hose(2, 'SM-000002');
  await hose(3, 'SM-000003');
});
beforeEach(() => signIn(staffUser));
afterAll(async () => {
  await getDatabase().delete();
});

const list = () => screen.getByTestId('hose-virtual-list');
const codesShown = () =>
  within(list())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[class*="cardTitle"]')?.textContent?.replace(/^\d+\./, ''));

describe('retired hoses in the hose lists', () => {
  it('lists only installed hoses by default and counts only them', async () => {
    await renderRoute(<MachinePipesScreen />, { path: MACHINE_PATH, url: machineUrl });
    await waitFor(() => expect(codesShown()).toEqual(['SM-000005', 'SM-000002', 'SM-000003']), {
      timeout: 5_000,
    });
    expect(screen.getByTestId('hose-count').textContent).toBe('3 Schlauchleitungen');
    expect(screen.queryByTestId('hose-retired')).toBeNull();
    const life = screen.getByRole('combobox', { name: 'Einbaustatus' });
    expect((life as HTMLSelectElement).value).toBe('installed');
    expect(screen.queryByRole('button', { name: 'Filter zurücksetzen' })).toBeNull();
  });

  it('shows the retired ones with the day they came off, from the filter and the URL', async () => {
    const { router } = await renderRoute(<MachinePipesScreen />, {
      path: MACHINE_PATH,
      url: machineUrl,
    });
    await waitFor(() => expect(codesShown()).toHaveLength(3), { timeout: 5_000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Einbaustatus' }), {
      target: { value: 'retired' },
    });
    await waitFor(() => expect(codesShown()).toEqual(['SM-000001', 'SM-000004']));
    expect(screen.getByTestId('hose-count').textContent).toBe('2 Schlauchleitungen');
    const pills = screen.getAllByTestId('hose-retired').map((p) => p.textContent);
    expect(pills).toEqual(['Ausgemustert am 02.05.2024', 'Ausgemustert am 15.01.2026']);
    // A retired hose is never due: no "due now" in its card.
    const retiredCard = within(list()).getAllByRole('listitem')[1]!;
    expect(within(retiredCard).queryByText('Sofort fällig')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe('?life=retired'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Einbaustatus' }), {
      target: { value: 'all' },
    });
    await waitFor(() => expect(codesShown()).toHaveLength(5));
    expect(screen.getByTestId('hose-count').textContent).toBe('5 Schlauchleitungen');
    fireEvent.change(screen.getByTestId('hose-search'), { target: { value: 'SM-00000' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Einbaustatus' }), {
      target: { value: 'installed' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('hose-count').textContent).toBe('3 Schlauchleitungen'),
    );
    fireEvent.change(screen.getByTestId('hose-search'), { target: { value: 'SM-000004' } });
    await waitFor(() =>
      expect(screen.getByTestId('hose-count').textContent).toBe('0 von 3 Schlauchleitungen'),
    );
  });

  it('gives the customer’s list and customer users the same filter', async () => {
    signIn(customerUser);
    await renderRoute(<CustomerPipesScreen />, {
      path: CUSTOMER_PATH,
      url: `${customerUrl}?life=retired`,
    });
    await waitFor(() => expect(codesShown()).toEqual(['SM-000001', 'SM-000004']), {
      timeout: 5_000,
    });
    expect(screen.getAllByTestId('hose-retired')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(codesShown()).toEqual(['SM-000005', 'SM-000002', 'SM-000003']));
    expect(screen.getByTestId('hose-count').textContent).toBe('3 Schlauchleitungen');
  });

  it('offers no replacement order for a hose that was replaced already', async () => {
    // The shop's buttons as the app composes them in: one per hose the list offers to order.
    const slot: OrderSlot = {
      ReplaceButton: ({ pipe }) => <button type="button">{`order ${pipe.code}`}</button>,
      BulkButton: () => null,
    };
    await renderRoute(
      <OrderSlotProvider value={slot}>
        <MachinePipesScreen />
      </OrderSlotProvider>,
      { path: MACHINE_PATH, url: `${machineUrl}?life=all` },
    );
    await waitFor(() => expect(codesShown()).toHaveLength(5), { timeout: 5_000 });
    const offered = screen.getAllByRole('button', { name: /^order / }).map((b) => b.textContent);
    expect(offered.sort()).toEqual(['order SM-000002', 'order SM-000003', 'order SM-000005']);
  });
});
