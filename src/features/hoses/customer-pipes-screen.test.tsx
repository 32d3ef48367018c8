// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { uuidv7 } from '@domain/ids';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { machineRow, pipeRow, seedMachine } from '@tests/fixtures/sync';
import { CustomerPipesScreen } from './customer-pipes-screen';
import { FIRST_SCREEN_LINES } from './data/hose-list-queries';

const PATH = '/customer/:customerId/pipes';
const A = 45;
const B = 15;
let url = '';

beforeAll(async () => {
  const db = getDatabase();
  const { companyId, machineId, manufacturerId } = await seedMachine(db);
  url = `/customer/${companyId}/pipes`;
  const second = uuidv7();
  await rowTable(db, 'machine').put(
    machineRow({ id: second, companyId, manufacturerId, internalId: 'INV-2' }),
  );
  const pipe = (machine: string, prefix: string, position: number) =>
    pipeRow({
      companyId,
      machineId: machine,
      position,
      code: `${prefix}-${String(position).padStart(4, '0')}`,
    });
  await rowTable(db, 'pipe').bulkPut([
    ...Array.from({ length: A }, (_, i) => pipe(machineId, 'A', i + 1)),
    ...Array.from({ length: B }, (_, i) => pipe(second, 'B', i + 1)),
  ]);
});
beforeEach(() =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser }),
);
afterAll(async () => {
  await getDatabase().delete();
});

/** Records whether the empty state ever showed (a filter over the first screen only would). */
function watchEmptyState() {
  let seen = false;
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="empty-state"]')) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return {
    seen: () => seen,
    stop: () => observer.disconnect(),
  };
}

describe('customer hose list, longer than its first screen', () => {
  it('shows every hose of every machine once all are read', async () => {
    expect(A + B).toBeGreaterThan(FIRST_SCREEN_LINES);
    await renderRoute(<CustomerPipesScreen />, { path: PATH, url });
    const list = await screen.findByTestId('hose-virtual-list', {}, { timeout: 5_000 });
    await waitFor(() => expect(list.getAttribute('data-count')).toBe(String(A + B)), {
      timeout: 5_000,
    });
    expect(screen.getByTestId('hose-count').textContent).toBe('60 Schlauchleitungen');
    expect(within(list).getByText('A-0001')).toBeTruthy();
  });

  it('applies a search from the URL to all hoses, never to the first screen alone', async () => {
    const empty = watchEmptyState();
    await renderRoute(<CustomerPipesScreen />, { path: PATH, url: `${url}?q=b-0012` });
    const list = await screen.findByTestId('hose-virtual-list', {}, { timeout: 5_000 });
    await waitFor(() => expect(list.getAttribute('data-count')).toBe('1'), { timeout: 5_000 });
    expect(within(list).getByText('B-0012')).toBeTruthy();
    expect(screen.getByTestId('hose-count').textContent).toBe('1 von 60 Schlauchleitungen');
    empty.stop();
    expect(empty.seen()).toBe(false);
  });

  it('opens a hose and its machine in the app from the plain links of the lines', async () => {
    const { router } = await renderRoute(<CustomerPipesScreen />, {
      path: PATH,
      url,
      others: ['/customer/:customerId/machine/:machineId/parts/pipes/:pipeId'],
    });
    const list = await screen.findByTestId('hose-virtual-list', {}, { timeout: 5_000 });
    const code = await within(list).findByRole('link', { name: 'A-0001' });
    // A modified click is the browser's (new tab): the router stays.
    expect(fireEvent.click(code, { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe(url);
    expect(fireEvent.click(code)).toBe(false);
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/\/parts\/pipes\/[0-9a-f-]{36}$/),
    );
    expect(code.getAttribute('href')).toBe(router.state.location.pathname);
  });
});
