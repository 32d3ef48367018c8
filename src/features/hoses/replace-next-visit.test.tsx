// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { addDays, addMonths, toCalendarDate } from '@domain/rules/intervals';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { CustomerPipesScreen } from './customer-pipes-screen';
import { MachinePipesScreen } from './machine-pipes-screen';

const PATH = '/customer/:customerId/machine/:machineId/parts/pipes';
const CUSTOMER_PATH = '/customer/:customerId/pipes';
let url = '';
let customerUrl = '';

beforeAll(async () => {
  const db = getDatabase();
  const { companyId, machineId } = await seedMachine(db);
  url = `/customer/${companyId}/machine/${machineId}/parts/pipes`;
  customerUrl = `/customer/${companyId}/pipes`;
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  const today = toCalendarDate(new Date());
  // Both checked 300 days ago, yearly: due again in about two months. The first one's six
  // years end in ten days, before that visit; the second one's in two years.
  const ending = await mutate.create('pipe', {
    machineId,
    position: 1,
    code: 'SM-000001',
    productionDate: addDays(addMonths(today, -72), 10),
  });
  const young = await mutate.create('pipe', {
    machineId,
    position: 2,
    code: 'SM-000002',
    productionDate: addMonths(today, -48),
  });
  const checkedAt = `${addDays(today, -300)} 08:00:00`;
  const audit = serverRow({ companyId, machineId, startDate: checkedAt, state: 'APPROVED' });
  await rowTable(db, 'dguvAudit').put(audit);
  await rowTable(db, 'dguvAnswer').bulkPut(
    [ending, young].map((p) =>
      serverRow({
        companyId,
        auditId: audit.id,
        pipeId: p.id,
        answer: ['OK'],
        performedAt: `${addDays(today, -300)}T08:00:00.000Z`,
      }),
    ),
  );
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('replace at the next visit', () => {
  it('flags the hose whose service life ends before its next inspection, and only that one', async () => {
    await renderRoute(<MachinePipesScreen />, { path: PATH, url });
    const flags = await screen.findAllByTestId('replace-next-visit', {}, { timeout: 10_000 });
    expect(flags).toHaveLength(1);
    // The flag sits in SM-000001's card: the card's text names it, not the other hose.
    const card = flags[0]!.parentElement!.parentElement!;
    expect(card.textContent).toContain('SM-000001');
    expect(card.textContent).not.toContain('SM-000002');
    expect(flags[0]!.textContent).toBe('Beim nächsten Besuch tauschen');
    expect(screen.queryAllByTestId('service-life-exceeded')).toHaveLength(0);
  });

  it("filters a machine's list to the flagged hoses and keeps the filter in the URL", async () => {
    const { router } = await renderRoute(<MachinePipesScreen />, { path: PATH, url });
    await screen.findAllByText('SM-000002', {}, { timeout: 10_000 });
    expect(screen.getByTestId('hose-count').textContent).toBe('2 Schlauchleitungen');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nur beim nächsten Besuch zu tauschen' }));
    await waitFor(() =>
      expect(screen.getByTestId('hose-count').textContent).toBe('1 von 2 Schlauchleitungen'),
    );
    expect(screen.getAllByText('SM-000001').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('SM-000002')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.search).toBe('?replace=next-visit'));
    // Unchecked: both again, and the URL without it.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nur beim nächsten Besuch zu tauschen' }));
    await screen.findAllByText('SM-000002');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("opens the customer's hose list filtered from the URL", async () => {
    await renderRoute(<CustomerPipesScreen />, {
      path: CUSTOMER_PATH,
      url: `${customerUrl}?replace=next-visit`,
    });
    await waitFor(
      () => expect(screen.getByTestId('hose-count').textContent).toBe('1 von 2 Schlauchleitungen'),
      { timeout: 10_000 },
    );
    expect(screen.getAllByText('SM-000001').length).toBeGreaterThan(0);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'Nur beim nächsten Besuch zu tauschen',
      }).checked,
    ).toBe(true);
    expect(screen.queryAllByText('SM-000002')).toHaveLength(0);
  });
});
