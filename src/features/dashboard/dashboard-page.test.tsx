// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { addMonths, toCalendarDate } from '@domain/rules/intervals';
import { createMutator } from '@sync';
import { DashboardPage } from './dashboard-page';

const SLOW = { timeout: 5000 };
const open = () =>
  renderRoute(<DashboardPage machinesHref="/customer/select" customerName={null} />, {
    path: '/',
    url: '/',
  });

async function seed() {
  const m = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
  const company = await m.create('company', { name: 'Muster GmbH' });
  const plant = await m.create('location', {
    companyId: company.id,
    street: 'Werkstraße',
    zip: '44149',
    city: 'Dortmund',
  });
  const maker = await m.create('manufacturer', { name: 'HYDAC' });
  const machine = (internalId: string, locationId: string | null) =>
    m.create('machine', {
      companyId: company.id,
      manufacturerId: maker.id,
      internalId,
      locationId,
    });
  const placed = await machine('INV-1', plant.id);
  await machine('INV-2', null);
  await m.create('aggregate', { machineId: placed.id, type: 'HYDRAULIC' });
  await m.create('pipe', { machineId: placed.id, position: 1, code: 'HM-000001' });
  return { company, plant, placed };
}

describe('start dashboard', () => {
  beforeEach(() => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: officeUser,
    });
  });
  afterEach(async () => {
    useSelectionStore.getState().selectCustomer(null);
    await Promise.all(getDatabase().tables.map((t) => t.clear()));
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('asks to select a customer when none is selected', async () => {
    await open();
    const prompt = await screen.findByTestId('dashboard-select-prompt');
    expect(within(prompt).getByRole('link', { name: 'Kunde auswählen' }).getAttribute('href')).toBe(
      '/customer/select',
    );
  });

  it("shows the selected customer's counts, hoses due and machines without location", async () => {
    const { company, placed } = await seed();
    useSelectionStore.getState().selectCustomer(company.id);
    await open();
    expect(await screen.findByRole('heading', { name: 'Muster GmbH' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('dashboard-location').textContent).toBe('Alle Standorte');
    await within(screen.getByTestId('count-machines')).findByText('2', {}, SLOW);
    expect(within(screen.getByTestId('count-powerUnits')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('count-pipes')).getByText('1')).toBeTruthy();
    const due = await screen.findByTestId('due-pipes', {}, SLOW);
    expect(within(due).getByRole('link', { name: 'HM-000001' }).getAttribute('href')).toBe(
      `/customer/${company.id}/machine/${placed.id}/parts/pipes`,
    );
    expect(within(due).getByText('Noch nie geprüft')).toBeTruthy();
    const unplaced = await screen.findByTestId('machines-without-location', {}, SLOW);
    expect(within(unplaced).getByRole('link', { name: 'INV-2' })).toBeTruthy();
  });

  it('shows the figures and the areas in one piece, not card by card (no layout shift)', async () => {
    const { company } = await seed();
    useSelectionStore.getState().selectCustomer(company.id);
    await open();
    expect(screen.getByTestId('dashboard-overview-placeholder')).toBeTruthy();
    expect(screen.queryByTestId('area-machines')).toBeNull();
    await screen.findByTestId('area-machines', {}, SLOW);
    // The areas came last: every figure above them was already in.
    expect(within(screen.getByTestId('count-machines')).getByText('2')).toBeTruthy();
    expect(screen.getByTestId('due-pipes')).toBeTruthy();
    expect(screen.getByTestId('machines-without-location')).toBeTruthy();
    expect(screen.getByTestId('dguv-overview-source')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-overview-placeholder')).toBeNull();
  });

  it('follows a change on the device once shown: each card takes in its new figures', async () => {
    const { company, placed } = await seed();
    useSelectionStore.getState().selectCustomer(company.id);
    await open();
    await screen.findByTestId('area-machines', {}, SLOW);
    const m = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
    await m.create('pipe', { machineId: placed.id, position: 2, code: 'HM-000002' });
    await within(screen.getByTestId('count-pipes')).findByText('2', {}, SLOW);
    const due = await screen.findByRole('link', { name: 'HM-000002' }, SLOW);
    expect(screen.getByTestId('due-pipes').contains(due)).toBe(true);
  });

  it('narrows the figures to the selected location', async () => {
    const { company, plant } = await seed();
    useSelectionStore.getState().selectCustomer(company.id, plant.id);
    await open();
    expect(await screen.findByText('Werkstraße, Dortmund', {}, SLOW)).toBeTruthy();
    await within(screen.getByTestId('count-machines')).findByText('1', {}, SLOW);
  });

  it('lists every customer with hoses to replace at the next visit while none is selected', async () => {
    const m = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
    const today = toCalendarDate(new Date());
    const maker = await m.create('manufacturer', { name: 'HYDAC' });
    // Past their six years and never checked: flagged. A young one and a retired one: not.
    const customer = async (name: string, codes: Record<string, number>, retired = false) => {
      const company = await m.create('company', { name });
      const machine = await m.create('machine', {
        companyId: company.id,
        manufacturerId: maker.id,
        internalId: `${name}-1`,
      });
      let position = 0;
      for (const [code, ageMonths] of Object.entries(codes)) {
        position += 1;
        await m.create('pipe', {
          machineId: machine.id,
          position,
          code,
          productionDate: addMonths(today, -ageMonths),
          ...(retired ? { retiredAt: today } : {}),
        });
      }
      return company;
    };
    const zeta = await customer('Zeta AG', { 'Z-1': 80 });
    const alpha = await customer('Alpha GmbH', { 'A-1': 80, 'A-2': 75, 'A-3': 12 });
    await customer('Mitte KG', { 'M-1': 12 });
    await customer('Alt OHG', { 'O-1': 80 }, true);
    await open();
    expect(await screen.findByTestId('dashboard-select-prompt')).toBeTruthy();
    const card = (
      await screen.findByRole('heading', { name: 'Beim nächsten Besuch tauschen' }, SLOW)
    ).closest('section')!;
    const lines = within(card as HTMLElement).getAllByTestId('replace-next-visit-customer');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Alpha GmbH2 Schlauchleitungen',
      'Zeta AG1 Schlauchleitung',
    ]);
    expect(within(card as HTMLElement).getByTestId('replace-next-visit-count').textContent).toBe(
      '3',
    );
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Alpha GmbH' })
        .getAttribute('href'),
    ).toBe(`/customer/${alpha.id}/pipes?replace=next-visit`);
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Zeta AG' })
        .getAttribute('href'),
    ).toBe(`/customer/${zeta.id}/pipes?replace=next-visit`);
    // The areas follow the card, not before it (no layout shift).
    expect(await screen.findByTestId('area-machines', {}, SLOW)).toBeTruthy();
  });
});
