// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { listAggregates } from '@db/entity-repository';
import { renderRoute } from '@tests/fixtures/render';
import { customerUser, staffUser } from '@tests/fixtures/test-users';
import { PowerUnitCreateScreen, PowerUnitEditScreen } from './power-unit-edit-screens';
import { PowerUnitListScreen } from './power-unit-list-screen';
import { PowerUnitScreen } from './power-unit-screen';
import {
  MACHINE_ROUTE,
  UNIT_ROUTE,
  dialogButton,
  outboxOf,
  seedPart,
  seedPowerUnit,
  signIn,
  SLOW,
} from '@tests/fixtures/power-units';

afterAll(async () => {
  await getDatabase().delete();
});

describe('power unit screens', () => {
  it('lists the power units of a machine with their data and part counts', async () => {
    signIn(staffUser);
    const unit = await seedPowerUnit();
    await seedPart('tank', unit, { volume: 100 });
    await seedPart('valve', unit, {});
    await seedPart('valve', unit, {});
    await renderRoute(<PowerUnitListScreen />, {
      path: `${MACHINE_ROUTE}/parts/power-units`,
      url: unit.list,
    });
    const card = await screen.findByTestId('power-unit-card');
    expect(within(card).getByRole('heading', { name: 'Hydraulikaggregat' })).toBeTruthy();
    expect(await within(card).findByText('3 Bauteile')).toBeTruthy();
    expect(within(card).getByText('Ventile: 2')).toBeTruthy();
    expect(within(card).getByText('Seriennummer')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Öffnen' }).getAttribute('href')).toBe(
      unit.powerUnit,
    );
    expect(screen.getByTestId('power-unit-create')).toBeTruthy();
  });

  it('shows the root page with the eight part kinds, read-only for customer users', async () => {
    signIn(customerUser);
    const unit = await seedPowerUnit();
    await seedPart('memory', unit, {});
    await renderRoute(<PowerUnitScreen />, { path: UNIT_ROUTE, url: unit.powerUnit });
    const memory = await screen.findByTestId('part-kind-memory');
    await waitFor(
      () => expect(within(memory).getByTestId('part-count').textContent).toBe('1'),
      SLOW,
    );
    expect(screen.getAllByTestId(/^part-kind-[a-zA-Z]+$/)).toHaveLength(8);
    expect(
      within(memory).getByRole('link', { name: 'Speicher anzeigen' }).getAttribute('href'),
    ).toBe(unit.parts('memory'));
    expect(screen.queryByRole('link', { name: /hinzufügen/ })).toBeNull();
    expect(screen.queryByTestId('power-unit-edit')).toBeNull();
    expect(screen.getByText('Kein Foto vorhanden.')).toBeTruthy();
  });

  it('creates a power unit on the machine and opens it', async () => {
    signIn(staffUser);
    const unit = await seedPowerUnit();
    const { router } = await renderRoute(<PowerUnitCreateScreen />, {
      path: `${MACHINE_ROUTE}/power-unit/create`,
      url: unit.create,
      others: [UNIT_ROUTE],
    });
    await screen.findByTestId('power-unit-form', {}, SLOW);
    fireEvent.change(screen.getByLabelText('Typenbezeichnung'), { target: { value: 'ABZ-40' } });
    fireEvent.change(screen.getByLabelText('Herstelldatum'), { target: { value: '2019-05-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe(unit.create), SLOW);
    const created = (await listAggregates(getDatabase(), unit.machineId)).find(
      (a) => a.circuitId === 'ABZ-40',
    );
    expect(created).toMatchObject({ type: 'HYDRAULIC', installationDate: '2019-05-02' });
    expect(router.state.location.pathname).toBe(
      `${unit.create.replace('create', created?.id ?? '')}`,
    );
    expect((await outboxOf(created?.id ?? '')).map((e) => e.kind)).toEqual(['create']);
  });

  it('edits a power unit and deletes it after asking', async () => {
    signIn(staffUser);
    const unit = await seedPowerUnit();
    const { router } = await renderRoute(<PowerUnitEditScreen />, {
      path: `${UNIT_ROUTE}/edit`,
      url: unit.edit,
      others: [UNIT_ROUTE, `${MACHINE_ROUTE}/parts/power-units`],
    });
    await screen.findByTestId('power-unit-form', {}, SLOW);
    expect(screen.getByTestId('image-field')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Seriennummer'), { target: { value: 'SN 4711' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(unit.powerUnit), SLOW);
    expect(await getDatabase().table('aggregate').get(unit.powerUnitId)).toMatchObject({
      machineType: 'SN 4711',
    });

    // The router's state moves before React shows it (a transition): until the power unit's
    // page is on screen, the edit screen from before the save still is, with its own buttons.
    await screen.findByText(`at ${UNIT_ROUTE}`, {}, SLOW);
    await router.navigate(unit.edit);
    await waitFor(() => expect(screen.queryByText(`at ${UNIT_ROUTE}`)).toBeNull(), SLOW);
    fireEvent.click(await screen.findByRole('button', { name: 'Löschen' }, SLOW));
    expect(
      await screen.findByText(/„Hydraulikaggregat SN 4711“ wirklich löschen/, {}, SLOW),
    ).toBeTruthy();
    fireEvent.click(dialogButton('Löschen'));
    await waitFor(() => expect(router.state.location.pathname).toBe(unit.list), SLOW);
    expect(
      (await getDatabase().table('aggregate').get(unit.powerUnitId))?.deletedAt,
    ).not.toBeNull();
  });
});
