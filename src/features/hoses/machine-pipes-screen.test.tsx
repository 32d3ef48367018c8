// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import type { SessionUser } from '@domain/schemas/session';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { MachinePipesScreen } from './machine-pipes-screen';

// Mantine's combobox scrolls the selected option into view; jsdom has no scrolling.
Element.prototype.scrollIntoView ??= () => undefined;

const PATH = '/customer/:customerId/machine/:machineId/parts/pipes';
let url = '';

function signIn(user: SessionUser) {
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });
}

beforeAll(async () => {
  const db = getDatabase();
  const { companyId, machineId } = await seedMachine(db);
  url = `/customer/${companyId}/machine/${machineId}/parts/pipes`;
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  const hose = (position: number, code: string, extra: Record<string, unknown> = {}) =>
    mutate.create('pipe', { machineId, position, code, ...extra });
  // Created out of order: the list shows them by position.
  const checked = await hose(3, 'SM-000003', { hoseType: '4SP', withProtection: true });
  await hose(1, 'SM-000001', { hoseType: '2SN', isCritical: true, withRope: true });
  const faulty = await hose(2, 'SM-000002', { hoseType: '1SN' });
  const audit = serverRow({
    companyId,
    machineId,
    startDate: '2026-01-10 08:00:00',
    state: 'APPROVED',
    auditorUserId: 'u1',
  });
  await rowTable(db, 'dguvAudit').put(audit);
  const answer = (pipeId: string, value: string[]) =>
    serverRow({
      companyId,
      auditId: audit.id,
      pipeId,
      answer: value,
      performedAt: audit.createdAt,
    });
  await rowTable(db, 'dguvAnswer').bulkPut([
    answer(checked.id, ['OK']),
    answer(faulty.id, ['Undichte Stellen']),
  ]);
});
beforeEach(() => signIn(staffUser));
afterAll(async () => {
  await getDatabase().delete();
});

const codesShown = () =>
  within(screen.getByTestId('hose-virtual-list'))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('machine hose list', () => {
  it('shows the hoses by position with their last DGUV result, linked to their edit page', async () => {
    await renderRoute(<MachinePipesScreen />, { path: PATH, url });
    await waitFor(() => expect(codesShown()).toEqual(['SM-000001', 'SM-000002', 'SM-000003']), {
      timeout: 5_000,
    });
    const list = screen.getByTestId('hose-virtual-list');
    // The results follow the lines (one more read over the checks).
    await waitFor(() => expect(list.querySelectorAll('[data-result="error"]')).toHaveLength(1), {
      timeout: 5_000,
    });
    expect(list.querySelectorAll('[data-result="success"]')).toHaveLength(1);
    expect(list.querySelectorAll('[data-result="none"]')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'SM-000002' }).getAttribute('href')).toMatch(
      /\/parts\/pipes\/[0-9a-f-]{36}$/,
    );
    expect(screen.getByTestId('hose-create')).toBeTruthy();
  });

  it('filters by the URL query and searches by code or hose type as the user types', async () => {
    const { router } = await renderRoute(<MachinePipesScreen />, {
      path: PATH,
      url: `${url}?inspection=faulty`,
    });
    await waitFor(() => expect(codesShown()).toEqual(['SM-000002']), { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(codesShown()).toHaveLength(3));
    fireEvent.change(screen.getByTestId('hose-search'), { target: { value: '4sp' } });
    expect(codesShown()).toEqual(['SM-000003']);
    fireEvent.change(screen.getByTestId('hose-search'), { target: { value: 'nothing' } });
    expect(screen.getByText('Keine Einträge passen zum Filter.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?q=nothing'));
  });

  it('filters by category and accessory from the selects', async () => {
    await renderRoute(<MachinePipesScreen />, { path: PATH, url });
    await waitFor(() => expect(codesShown()).toHaveLength(3), { timeout: 5_000 });
    const category = screen.getByRole('combobox', { name: 'Kategorie' });
    expect(within(category).getByRole('option', { name: 'Kritisch' })).toBeTruthy();
    fireEvent.change(category, { target: { value: 'critical' } });
    expect(codesShown()).toEqual(['SM-000001']);
    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    const accessory = screen.getByRole('combobox', { name: 'Zubehör' });
    expect(within(accessory).getByRole('option', { name: 'Schutzschlauch' })).toBeTruthy();
    fireEvent.change(accessory, { target: { value: 'protection' } });
    expect(codesShown()).toEqual(['SM-000003']);
  });

  it('shows customer users the list read-only: no edit links, no create button', async () => {
    signIn(customerUser);
    await renderRoute(<MachinePipesScreen />, { path: PATH, url });
    const list = await screen.findByTestId('hose-virtual-list');
    await waitFor(() => expect(within(list).getByText('SM-000001')).toBeTruthy());
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByTestId('hose-create')).toBeNull();
  });
});
