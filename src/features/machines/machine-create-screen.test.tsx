// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { entityTable, rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { serverRow } from '@tests/fixtures/sync';
import { MachineCreateScreen } from './machine-create-screen';

// Mantine's combobox scrolls the selected option into view; jsdom has no scrolling.
Element.prototype.scrollIntoView ??= () => undefined;
configure({ asyncUtilTimeout: 5000 });

const MISSING =
  'Es fehlen Angaben: Hersteller, Inventarnummer und der Typ jedes Aggregats sind erforderlich.';
let companyId = '';

beforeAll(async () => {
  const db = getDatabase();
  const company = serverRow({ name: 'Kunde' });
  await rowTable(db, 'company').put({ ...company, companyId: company.id });
  companyId = company.id;
  await rowTable(db, 'manufacturer').put(serverRow({ name: 'Bosch Rexroth' }));
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Maschine anlegen' }));
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;
async function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('machine creation wizard', () => {
  it('says data is missing, switches to the failing tab, then saves machine and units', async () => {
    const { router } = await renderRoute(<MachineCreateScreen />, {
      path: '/customer/:customerId/machine/create',
      url: `/customer/${companyId}/machine/create`,
      others: ['/customer/:customerId/machine/:machineId'],
    });

    // Empty: the alert and the two required machine fields say data is missing.
    submit();
    const alert = await screen.findByTestId('wizard-errors');
    expect(alert.textContent).toBe(MISSING);
    expect(screen.getAllByText(MISSING)).toHaveLength(3);
    expect(selectedTab()).toContain('Maschinendaten');

    // Machine data filled, two power units of which the second has no type.
    await choose(screen.getAllByTestId('manufacturer-select')[0]!, 'Bosch Rexroth');
    fireEvent.change(screen.getByLabelText(/Inventarnummer/), { target: { value: 'INV-77' } });
    fireEvent.change(screen.getByLabelText('Maschinentyp'), { target: { value: 'Presse' } });
    fireEvent.click(screen.getByRole('tab', { name: /Hydraulikaggregate/ }));
    fireEvent.click(screen.getByTestId('power-unit-add'));
    fireEvent.click(screen.getByTestId('power-unit-add'));
    const units = screen.getAllByTestId('power-unit-fields');
    await choose(within(units[0]!).getByTestId('power-unit-type'), 'Hydraulikaggregat');
    fireEvent.change(within(units[1]!).getByLabelText('Seriennummer'), {
      target: { value: 'SN 42' },
    });
    fireEvent.click(screen.getByRole('tab', { name: /Maschinendaten/ }));
    submit();
    await waitFor(() => expect(selectedTab()).toContain('Hydraulikaggregate'));
    expect(screen.getByTestId('wizard-errors').textContent).toBe(MISSING);
    expect(within(units[1]!).getByText(MISSING)).toBeTruthy();

    await choose(within(units[1]!).getByTestId('power-unit-type'), 'Schmieraggregat');
    expect(screen.queryByTestId('wizard-errors')).toBeNull();
    submit();

    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(
        new RegExp(`^/customer/${companyId}/machine/[0-9a-f-]{36}$`),
      ),
    );
    const db = getDatabase();
    const machines = await entityTable(db, 'machine')
      .where('companyId')
      .equals(companyId)
      .toArray();
    expect(machines).toHaveLength(1);
    expect(machines[0]).toMatchObject({
      internalId: 'INV-77',
      machineType: 'Presse',
      dguvInterval: 'YEAR',
      dguvIntervalCritical: 'HALFYEAR',
      locationId: null,
    });
    expect(router.state.location.pathname).toContain(machines[0]!.id);
    const units2 = await entityTable(db, 'aggregate')
      .where('machineId')
      .equals(machines[0]!.id)
      .toArray();
    expect(units2.map((u) => [u.type, u.machineType, u.companyId]).sort()).toEqual([
      ['GREASE', 'SN 42', companyId],
      ['HYDRAULIC', null, companyId],
    ]);
    expect(await db.outbox.count()).toBe(3);
  }, 60_000);

  it("starts with the company's default DGUV intervals from the settings", async () => {
    const db = getDatabase();
    await rowTable(db, 'companySettings').put(
      serverRow({
        name: 'HM Hydraulik',
        pipeCodePrefix: 'HM',
        defaultDguvInterval: 'QUARTER',
        defaultDguvIntervalCritical: 'MONTH',
        companyId: null,
      }),
    );
    await renderRoute(<MachineCreateScreen />, {
      path: '/customer/:customerId/machine/create',
      url: `/customer/${companyId}/machine/create`,
    });
    // The two interval selects show the company's defaults instead of yearly / half-yearly.
    expect(await screen.findByDisplayValue('Vierteljährlich')).toBeTruthy();
    expect(screen.getByDisplayValue('Monatlich')).toBeTruthy();
  }, 60_000);
});
