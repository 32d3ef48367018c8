// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { entityTable, rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, officeUser, staffUser } from '@tests/fixtures/test-users';
import { machineRow, pipeRow } from '@tests/fixtures/sync';
import { COMPANY, MAIN, clearDatabase, seedCompany, seedOrder } from '../orders/orders-test-data';
import { DayPlanScreen } from './day-plan-screen';

// Each save runs the mutator on fake IndexedDB: seconds on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

/** Presse: two hoses never checked (overdue), both with a delivered replacement. */
const PRESS = '01936b2e-0005-7000-8000-000000000001';
/** Säge: one hose never checked (overdue), nothing delivered. */
const SAW = '01936b2e-0005-7000-8000-000000000002';
/** Kran: no hoses, nothing to do (not proposed; staff may add it). */
const CRANE = '01936b2e-0005-7000-8000-000000000003';
/** The hoses the seeded order's lines name (orders-test-data). */
const HOSE_A = '01936b2e-0003-7000-8000-000000000001';
const HOSE_B = '01936b2e-0003-7000-8000-000000000002';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function technicians(ok = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      ok && String(input).includes('/api/dayplan/technicians')
        ? json(200, [{ id: staffUser.id, name: 'Tom Techniker' }])
        : json(503, { status: 503, code: 'unavailable', message: 'offline' }),
    ),
  );
}

beforeAll(async () => {
  const db = getDatabase();
  await seedCompany();
  await rowTable(db, 'machine').bulkPut([
    machineRow({
      id: PRESS,
      companyId: COMPANY,
      manufacturerId: COMPANY,
      machineType: 'Presse',
      internalId: 'P-1',
      locationId: MAIN,
    }),
    machineRow({
      id: SAW,
      companyId: COMPANY,
      manufacturerId: COMPANY,
      machineType: 'Säge',
      internalId: 'S-1',
      locationId: MAIN,
    }),
    machineRow({
      id: CRANE,
      companyId: COMPANY,
      manufacturerId: COMPANY,
      machineType: 'Kran',
      internalId: 'K-1',
      locationId: MAIN,
    }),
  ]);
  await rowTable(db, 'pipe').bulkPut([
    // Position 4 first in the table: the take-along list still starts with position 2.
    pipeRow({ id: HOSE_A, companyId: COMPANY, machineId: PRESS, position: 4, code: 'HM-4' }),
    pipeRow({ id: HOSE_B, companyId: COMPANY, machineId: PRESS, position: 2, code: 'HM-2' }),
    pipeRow({ companyId: COMPANY, machineId: SAW, position: 1, code: 'SG-1' }),
  ]);
  // Delivered: the order is complete and each of its lines replaces one of the press's hoses.
  const order = await seedOrder('COMPLETE');
  for (const line of (await entityTable(db, 'orderItem').toArray()).filter(
    (l) => l.orderId === order.id,
  ))
    await entityTable(db, 'orderItem').update(line.id, { replacesPipeId: line.pipeId });
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: officeUser });
});
beforeEach(() => technicians());
afterEach(() => vi.unstubAllGlobals());
afterAll(clearDatabase);

const open = () => renderRoute(<DayPlanScreen />, { path: '/day-plan', url: '/day-plan' });

/** Opens a select and picks an option once its options have loaded from the device. */
async function pick(label: RegExp, option: string) {
  fireEvent.click(screen.getAllByLabelText(label)[0]!);
  // The list may open before the device's rows arrive: wait for the option itself.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const machineNames = () =>
  screen.getAllByTestId('plan-machine').map((li) => li.querySelector('p')?.textContent);

const plans = () => entityTable(getDatabase(), 'dayPlan').toArray();

describe('the office day plan', () => {
  it('starts empty and refuses to save without customer, technician, day and machines', async () => {
    await open();
    expect(await screen.findByText('Zuerst einen Kunden wählen.')).toBeTruthy();
    expect(screen.getByText('Keine gelieferten Ersatzschläuche für diese Maschinen.')).toBeTruthy();
    expect(await screen.findByText('Noch keine Pläne.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Tag/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plan speichern' }));
    expect(await screen.findByText('Bitte einen Kunden wählen.')).toBeTruthy();
    expect(screen.getByText('Bitte einen Techniker wählen.')).toBeTruthy();
    expect(screen.getByText('Bitte einen gültigen Tag angeben.')).toBeTruthy();
    expect(screen.getByText('Der Plan braucht mindestens eine Maschine.')).toBeTruthy();
    expect(await plans()).toEqual([]);
  });

  it('says when nothing is due at the chosen location', async () => {
    await open();
    await pick(/^Kunde/, 'Muster Hydraulik GmbH');
    await pick(/^Standorte/, 'Hafenweg Essen');
    expect(
      await screen.findByText('An diesem Tag ist an den gewählten Standorten nichts fällig.'),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('plan-machine')).toHaveLength(0);
  });

  it('says the technicians load online only', async () => {
    technicians(false);
    await open();
    expect(await screen.findByText('Die Techniker lassen sich nur online laden.')).toBeTruthy();
  });

  it('proposes the due machines, lists what to take along by position, and saves the edited plan', async () => {
    await open();
    await pick(/^Kunde/, 'Muster Hydraulik GmbH');
    await pick(/^Standorte/, 'Werkstraße 5 Dortmund');
    await waitFor(() => expect(machineNames()).toHaveLength(2));
    expect(machineNames().sort()).toEqual(['Presse · P-1', 'Säge · S-1']);

    // What to take along: the press's delivered assemblies, position 2 before position 4.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      '2 · HM-2',
      '4 · HM-4',
    ]);

    // Remove the saw, add the crane (nothing due there), move it first.
    fireEvent.click(screen.getByRole('button', { name: 'Säge · S-1 aus dem Plan nehmen' }));
    await pick(/^Maschine hinzufügen/, 'Kran · K-1');
    await waitFor(() => expect(machineNames()).toEqual(['Presse · P-1', 'Kran · K-1']));
    fireEvent.click(screen.getByRole('button', { name: 'Kran · K-1 nach oben' }));
    expect(machineNames()).toEqual(['Kran · K-1', 'Presse · P-1']);
    await pick(/^Techniker/, 'Tom Techniker');
    fireEvent.click(screen.getByRole('button', { name: 'Plan speichern' }));

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Der Plan ist gespeichert und geht beim nächsten Abgleich an den Techniker.',
    );
    const [saved] = await plans();
    expect(saved).toMatchObject({
      companyId: COMPANY,
      technicianId: staffUser.id,
      locationIds: [MAIN],
      machineIds: [CRANE, PRESS],
    });
  });

  it('opens a saved plan for changes and saves them to the same plan', async () => {
    await open();
    const line = await screen.findByTestId('saved-plan');
    expect(line.textContent).toContain('Muster Hydraulik GmbH · Tom Techniker · 2 Maschinen');
    const [before] = await plans();
    // Shown as the German screens show a day: 28.11.2026 for 2026-11-28.
    const shown = before!.date.split('-').reverse().join('.');
    expect(line.textContent).toContain(shown);
    fireEvent.click(within(line).getByRole('button', { name: `${shown} bearbeiten` }));

    expect(await screen.findByTestId('plan-editing')).toHaveProperty(
      'textContent',
      expect.stringContaining(`Sie bearbeiten den Plan vom ${shown}.`),
    );
    // The customer stays; the machines are the plan's, in its order.
    expect(screen.getAllByLabelText(/^Kunde/)[0]).toHaveProperty('disabled', true);
    await waitFor(() => expect(machineNames()).toEqual(['Kran · K-1', 'Presse · P-1']));
    await pick(/^Maschine hinzufügen/, 'Säge · S-1');
    fireEvent.click(screen.getByRole('button', { name: 'Kran · K-1 aus dem Plan nehmen' }));
    await waitFor(() => expect(machineNames()).toEqual(['Presse · P-1', 'Säge · S-1']));
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Die Änderungen sind gespeichert und gehen beim nächsten Abgleich an den Techniker.',
    );
    const after = await plans();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, machineIds: [PRESS, SAW] });

    // "New plan" empties the form again.
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Plan' }));
    expect(await screen.findByText('Zuerst einen Kunden wählen.')).toBeTruthy();
    expect(screen.queryByTestId('plan-editing')).toBeNull();
  });
});
