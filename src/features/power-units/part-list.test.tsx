// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { PartEntityName } from '@domain/schemas/parts';
import { customerUser, staffUser } from '@tests/fixtures/test-users';
import { PartListScreen } from './part-screens';
import {
  dialogButton,
  outboxOf,
  renderPartRoute,
  seedPart,
  seedPowerUnit,
  signIn,
  SLOW,
} from '@tests/fixtures/power-units';

afterAll(async () => {
  await getDatabase().delete();
});

const EMPTY: Array<[PartEntityName, string, string]> = [
  ['tank', 'Für dieses Aggregat ist noch kein Tank erfasst.', 'Ersten Tank anlegen'],
  ['memory', 'Für dieses Aggregat ist noch kein Speicher erfasst.', 'Ersten Speicher anlegen'],
  [
    'motorPumpUnit',
    'Für dieses Aggregat ist noch keine Motor-Pumpen-Einheit erfasst.',
    'Erste Motor-Pumpen-Einheit anlegen',
  ],
  [
    'controller',
    'Für dieses Aggregat ist noch kein Steuerblock erfasst.',
    'Ersten Steuerblock anlegen',
  ],
];

describe('generic part list', () => {
  it.each(EMPTY)('%s: empty state with a create-first button', async (kind, empty, createFirst) => {
    signIn(staffUser);
    const unit = await seedPowerUnit();
    const { router } = await renderPartRoute(
      <PartListScreen kind={kind} />,
      kind,
      '',
      unit.parts(kind),
    );
    expect(await screen.findByText(empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: createFirst }));
    await waitFor(() => expect(router.state.location.pathname).toBe(unit.partCreate(kind)), SLOW);
  });

  it('shows customer users the empty state without any create button', async () => {
    signIn(customerUser);
    const unit = await seedPowerUnit();
    await renderPartRoute(<PartListScreen kind="tank" />, 'tank', '', unit.parts('tank'));
    expect(await screen.findByText('Für dieses Aggregat ist noch kein Tank erfasst.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ersten Tank anlegen' })).toBeNull();
    expect(screen.queryByTestId('part-create')).toBeNull();
  });

  it('lists parts with units and translated enums; read-only users get no actions', async () => {
    signIn(customerUser);
    const unit = await seedPowerUnit();
    await seedPart('memory', unit, {
      memoryType: 'PISTON',
      volume: 2.5,
      pressure: 90,
      serialNumber: 'HB-2019',
    });
    await renderPartRoute(<PartListScreen kind="memory" />, 'memory', '', unit.parts('memory'));
    const row = await screen.findByTestId('part-row', {}, SLOW);
    expect(within(row).getByText('Kolbenspeicher')).toBeTruthy();
    expect(within(row).getByText('2,5 l')).toBeTruthy();
    expect(within(row).getByText('90 bar')).toBeTruthy();
    expect(within(row).getByText('HB-2019')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Vorfülldruck' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /löschen/i })).toBeNull();
  });

  it('asks before deleting; cancel keeps the part, confirm deletes it and queues the call', async () => {
    signIn(staffUser);
    const unit = await seedPowerUnit();
    const id = await seedPart('motorPumpUnit', unit, { power: 7.5, unitPower: 40 });
    await renderPartRoute(
      <PartListScreen kind="motorPumpUnit" />,
      'motorPumpUnit',
      '',
      unit.parts('motorPumpUnit'),
    );
    const row = await screen.findByTestId('part-row', {}, SLOW);
    expect(within(row).getByText('7,5 kW')).toBeTruthy();
    expect(within(row).getByText('40 l/min')).toBeTruthy();
    const remove = within(row).getByRole('button', { name: /löschen/i });

    fireEvent.click(remove);
    expect(await screen.findByText(/„Motor-Pumpen-Einheit 7,5 kW“ wirklich löschen/)).toBeTruthy();
    fireEvent.click(dialogButton('Abbrechen'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await getDatabase().table('motorPumpUnit').get(id))?.deletedAt).toBeNull();

    fireEvent.click(remove);
    fireEvent.click(await waitFor(() => dialogButton('Löschen')));
    await waitFor(() => expect(screen.queryByTestId('part-row')).toBeNull(), SLOW);
    expect(await screen.findByText(/noch keine Motor-Pumpen-Einheit erfasst/)).toBeTruthy();
    const entries = await outboxOf(id);
    expect(entries.map((e) => [e.kind, e.path])).toEqual([
      ['delete', `/cms/machinepart/motorpumpunit/delete/${id}`],
    ]);
  });
});
