// @vitest-environment jsdom
/**
 * The composition: the app puts the shop's order buttons into the hose screens
 * (components/order-slot), so a machine's hose list orders a replacement in one tap.
 */
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSlotProvider } from '../components/order-slot';
import { getDatabase } from '../db/database';
import { rowTable } from '../db/entity-repository';
import { MachinePipesScreen } from '../features/hoses/machine-pipes-screen';
import { shopOrderSlot } from '../features/shop/order-slot';
import { seedShop, withNotifications } from '@tests/fixtures/shop';
import { useAuthStore } from '../lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest } from '@tests/fixtures/test-users';

configure({ asyncUtilTimeout: 8000 });
let url = '';

beforeAll(async () => {
  const { companyId, machineId } = await seedShop();
  url = `/customer/${companyId}/machine/${machineId}/parts/pipes`;
  useAuthStore.setState({
    ...initialAuthStateForTest,
    status: 'authenticated',
    user: { ...customerUser, customer: companyId },
  });
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('order slot', () => {
  it(
    'shows "Order replacement" on each hose of a machine and adds one in a tap',
    { timeout: 60_000 },
    async () => {
      await renderRoute(
        withNotifications(
          <OrderSlotProvider value={shopOrderSlot}>
            <MachinePipesScreen />
          </OrderSlotProvider>,
        ),
        { path: '/customer/:customerId/machine/:machineId/parts/pipes', url },
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Ersatz bestellen – SM-000001' }));
      expect(screen.getByRole('button', { name: 'Mehrere bestellen' })).toBeTruthy();
      await waitFor(async () => expect(await rowTable(getDatabase(), 'orderItem').count()).toBe(1));
      expect(await screen.findByTestId('added-line')).toBeTruthy();
    },
  );
});
