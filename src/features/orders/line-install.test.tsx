// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { entityTable } from '@db/entity-repository';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { OrderDetailScreen } from './order-detail-screen';
import { clearDatabase, COMPANY, seedCompany, seedOrder } from './orders-test-data';

const SLOW = { timeout: 10_000 };
const MACHINE = '01936b2e-0005-7000-8000-000000000001';
const OLD = '01936b2e-0006-7000-8000-000000000001';
const SWAPPED = '01936b2e-0006-7000-8000-000000000002';
const SUCCESSOR = '01936b2e-0006-7000-8000-000000000003';
const T = '2026-03-02T09:30:00.000Z';
const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
const pipe = (id: string, code: string, more: Record<string, unknown> = {}) => ({
  id,
  companyId: COMPANY,
  machineId: MACHINE,
  position: 4,
  code,
  retiredAt: null,
  installationDate: null,
  version: 1,
  createdAt: T,
  updatedAt: T,
  deletedAt: null,
  ...more,
});

/** An order whose first line replaces HM-4 and whose second was installed in HM-5's place. */
async function seed(state: 'COMPLETE' | 'ORDERED') {
  await seedCompany();
  const order = await seedOrder(state);
  const db = getDatabase();
  await entityTable(db, 'pipe').bulkPut([
    pipe(OLD, 'HM-4'),
    pipe(SWAPPED, 'HM-5', { retiredAt: '2026-11-20', successorId: SUCCESSOR }),
    pipe(SUCCESSOR, 'HM-5', { predecessorId: SWAPPED, installationDate: '2026-11-20' }),
  ] as never);
  const [first, second] = await entityTable(db, 'orderItem')
    .where('orderId')
    .equals(order.id)
    .sortBy('id');
  await entityTable(db, 'orderItem').bulkPut([
    { ...first!, replacesPipeId: OLD },
    { ...second!, replacesPipeId: SWAPPED, installedPipeId: SUCCESSOR },
  ]);
  return { order, first: first!, second: second! };
}

const HOSE = '/customer/:customerId/machine/:machineId/parts/pipes/:pipeId';

describe('the office’s order lines that replace a hose', () => {
  afterEach(clearDatabase);
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('offers to install a delivered replacement, for its line, and says when one was installed', async () => {
    const { order, first } = await seed('COMPLETE');
    signIn(officeUser);
    const { router } = await renderRoute(<OrderDetailScreen />, {
      path: '/orders/:orderId',
      url: `/orders/${order.id}`,
      others: [HOSE],
    });
    const lines = await screen.findAllByTestId('order-line', {}, SLOW);
    expect(within(lines[1]!).getByTestId('line-installed').textContent).toBe(
      'Eingebaut am 20.11.2026',
    );
    expect(within(lines[1]!).queryByTestId('line-install')).toBeNull();
    const install = within(lines[0]!).getByRole('link', { name: 'Ersatz für HM-4 einbauen' });
    expect(install.textContent).toBe('Ersatz einbauen');
    fireEvent.click(install);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/customer/${COMPANY}/machine/${MACHINE}/parts/pipes/${OLD}`,
      ),
    );
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('swapLine')).toBe(first.id);
    expect(query.get('back')).toBe(`/orders/${order.id}`);
  });

  it('offers nothing before the order is complete', async () => {
    const { order } = await seed('ORDERED');
    signIn(officeUser);
    await renderRoute(<OrderDetailScreen />, {
      path: '/orders/:orderId',
      url: `/orders/${order.id}`,
      others: [HOSE],
    });
    await screen.findAllByTestId('order-line', {}, SLOW);
    expect(screen.queryByTestId('line-install')).toBeNull();
  });
});
