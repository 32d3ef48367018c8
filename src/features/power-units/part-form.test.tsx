// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { listParts } from '@db/entity-repository';
import type { PartEntityName } from '@domain/schemas/parts';
import { staffUser } from '@tests/fixtures/test-users';
import { PartCreateScreen, PartEditScreen } from './part-screens';
import {
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

/** The input labelled `label` (a Select also labels its option list). */
const input = (label: string) =>
  screen.getAllByLabelText(label).find((el) => ['INPUT', 'TEXTAREA'].includes(el.tagName)) ??
  screen.getByLabelText(label);
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const MIN_0 = 'Der Wert muss mindestens 0 betragen.';

/** [kind, a measured field's label, its unit, another label of the kind, the enum's label]. */
const KINDS: Array<[PartEntityName, string, string, string]> = [
  ['tank', 'Tankvolumen', 'l', 'Ölsorte'],
  ['memory', 'Vorfülldruck', 'bar', 'Max. Betriebsdruck'],
  ['motorPumpUnit', 'Fördermenge', 'l/min', 'Pumpenbauart'],
  ['controller', 'Anzahl Sektionen', '', 'Steuerblockart'],
];

describe('generic part form', () => {
  it.each(KINDS)(
    '%s: renders its fields with units and refuses a negative number',
    async (kind, label, unit, other) => {
      signIn(staffUser);
      const unitPaths = await seedPowerUnit();
      await renderPartRoute(
        <PartCreateScreen kind={kind} />,
        kind,
        '/create',
        unitPaths.partCreate(kind),
      );
      await screen.findByTestId(`part-form-${kind}`, {}, SLOW);
      expect(input(other)).toBeTruthy();
      expect(input('Bemerkung').tagName).toBe('TEXTAREA');
      const field = input(label);
      const suffix = field
        .closest('.mantine-InputWrapper-root')
        ?.querySelector('[data-position="right"]');
      expect(suffix?.textContent ?? '').toBe(unit);
      type(label, '-3');
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await screen.findByText(MIN_0)).toBeTruthy();
      expect(await listParts(getDatabase(), kind, unitPaths.powerUnitId)).toEqual([]);
    },
  );

  it('shows a year out of range with the max message', async () => {
    signIn(staffUser);
    const unitPaths = await seedPowerUnit();
    await renderPartRoute(
      <PartCreateScreen kind="safetyValve" />,
      'safetyValve',
      '/create',
      unitPaths.partCreate('safetyValve'),
    );
    await screen.findByTestId('part-form-safetyValve', {}, SLOW);
    type('Baujahr', '20245');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Wert darf höchstens 2100 betragen.')).toBeTruthy();
  });

  it('refuses a part with nothing that identifies it, naming what would', async () => {
    signIn(staffUser);
    const unitPaths = await seedPowerUnit();
    await renderPartRoute(
      <PartCreateScreen kind="motorPumpUnit" />,
      'motorPumpUnit',
      '/create',
      unitPaths.partCreate('motorPumpUnit'),
    );
    await screen.findByTestId('part-form-motorPumpUnit', {}, SLOW);
    type('Bemerkung', 'Typenschild unleserlich');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(
        'Geben Sie mindestens eines an: Pumpenbauart, Pumpentyp, Hersteller, Motorleistung.',
      ),
    ).toBeTruthy();
    expect(await listParts(getDatabase(), 'motorPumpUnit', unitPaths.powerUnitId)).toEqual([]);
    type('Pumpentyp', 'A10VSO 45');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(async () =>
      expect(await listParts(getDatabase(), 'motorPumpUnit', unitPaths.powerUnitId)).toHaveLength(
        1,
      ),
    );
  });

  it('creates a part on the power unit in Dexie with its outbox entry', async () => {
    signIn(staffUser);
    const unitPaths = await seedPowerUnit();
    const { router } = await renderPartRoute(
      <PartCreateScreen kind="tank" />,
      'tank',
      '/create',
      unitPaths.partCreate('tank'),
    );
    await screen.findByTestId('part-form-tank', {}, SLOW);
    type('Tankvolumen', '250,5');
    type('Ölsorte', 'HLP 46');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(unitPaths.parts('tank')), SLOW);
    const [tank] = await listParts(getDatabase(), 'tank', unitPaths.powerUnitId);
    expect(tank).toMatchObject({
      volume: 250.5,
      oilArt: 'HLP 46',
      oilVolume: null,
      companyId: unitPaths.companyId,
    });
    const entries = await outboxOf(tank?.id ?? '');
    expect(entries.map((e) => [e.kind, e.path])).toEqual([
      ['create', '/cms/machinepart/tank/create'],
    ]);
    expect(entries[0]?.body).toMatchObject({
      data: { aggregateId: unitPaths.powerUnitId, volume: 250.5 },
    });
  });

  it('edits a part with the version it was opened on; only changed fields are sent', async () => {
    signIn(staffUser);
    const unitPaths = await seedPowerUnit();
    const id = await seedPart('controller', unitPaths, {
      controlUnitType: 'ROW',
      chainCount: 4,
      dn: 10,
    });
    const { router } = await renderPartRoute(
      <PartEditScreen kind="controller" />,
      'controller',
      '/:partId',
      unitPaths.partEdit('controller', id),
    );
    await screen.findByTestId('part-form-controller', {}, SLOW);
    expect((input('Anzahl Sektionen') as HTMLInputElement).value).toBe('4');
    expect((input('Steuerblockart') as HTMLInputElement).value).toBe('Reihensteuerblock');
    type('Anzahl Sektionen', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(
      () => expect(router.state.location.pathname).toBe(unitPaths.parts('controller')),
      SLOW,
    );
    expect(await getDatabase().table('controller').get(id)).toMatchObject({
      chainCount: 6,
      dn: 10,
    });
    const [entry] = await outboxOf(id);
    expect(entry).toMatchObject({ kind: 'update', baseVersion: 3, changedFields: ['chainCount'] });
    expect(entry?.body).toMatchObject({ data: { chainCount: 6 }, baseVersion: 3 });
  });
});
