/**
 * Demo machines of both customers — two of them without a location — each with a hydraulic
 * power unit carrying every part kind, some with a second (grease) unit.
 */
import type { ChangeInterval } from '@domain/schemas/enums';
import type { DemoCustomer } from './demo-companies';
import { daysBefore, type DemoIds, type DemoRandom } from './demo-random';
import type { DemoRows } from './demo-rows';
import { addHydraulicParts, type PartContext } from './demo-parts';

export interface DemoMachine {
  id: string;
  companyId: string;
  dguvInterval: ChangeInterval;
  dguvIntervalCritical: ChangeInterval;
}

/** [machine type, manufacturer index, plant index (null: no location), grease unit]. */
type MachineSpec = readonly [string, number, number | null, boolean];

const MACHINES: ReadonlyArray<readonly MachineSpec[]> = [
  [
    ['Spritzgießmaschine e-mac 280', 9, 0, false],
    ['Spritzgießmaschine CX 160', 11, 0, true],
    ['Abkantpresse TruBend 5130', 10, 0, false],
    ['Hydraulikpresse HP 250', 0, 0, false],
    ['Stanzautomat BSTA 510', 1, 1, true],
    ['Schrottschere CS 400', 5, 1, false],
    ['Hydraulikpresse HP 100', 0, 1, false],
    ['Radlader L 550', 7, null, true],
    ['Hydraulikbagger PC 210', 8, null, false],
  ],
  [
    ['Richtpresse RP 630', 0, 0, false],
    ['Hubarbeitsbühne HA 20', 3, 0, false],
    ['Schweißportal SP 12', 4, 0, true],
    ['Mobilbagger A 918', 7, 0, false],
  ],
];

const POSITIONS = ['Halle 1, Achse B', 'Halle 2, Achse C', 'Linie 3', 'Außenbereich Nord'];

export function addMachines(
  rows: DemoRows,
  ids: DemoIds,
  rnd: DemoRandom,
  customers: readonly DemoCustomer[],
  manufacturers: readonly string[],
  today: string,
): DemoMachine[] {
  const machines: DemoMachine[] = [];
  let inventory = 1000;
  customers.forEach((customer, c) => {
    for (const [machineType, maker, plant, grease] of MACHINES[c] ?? []) {
      const manufacturerId = manufacturers[maker] ?? manufacturers[0] ?? '';
      const locationId = plant === null ? null : (customer.plants[plant] ?? null);
      // The first machine checks critical hoses monthly, so some of its checks are overdue.
      const critical: ChangeInterval =
        machines.length === 0 ? 'MONTH' : rnd.pick(['HALFYEAR', 'QUARTER']);
      const machine = rows.add('machine', {
        id: ids.next('machine'),
        companyId: customer.id,
        manufacturerId,
        machineType,
        internalId: `INV-${(inventory += 1)}`,
        locationId,
        positionOnLocation: locationId ? rnd.pick(POSITIONS) : null,
        dguvInterval: rnd.chance(0.8) ? 'YEAR' : 'HALFYEAR',
        dguvIntervalCritical: critical,
        comment: locationId ? null : 'Mobile Maschine, wechselnde Einsatzorte',
      });
      machines.push(machine);
      const ctx: PartContext = { rows, ids, rnd, manufacturers, today, companyId: customer.id };
      const hydraulic = rows.add('aggregate', {
        id: ids.next('aggregate'),
        companyId: customer.id,
        machineId: machine.id,
        type: 'HYDRAULIC',
        manufacturerId: manufacturers[rnd.int(0, 5)] ?? null,
        machineType: `SN ${rnd.int(100000, 999999)}`,
        circuitId: `ABZMA-${rnd.int(10, 99)}-${rnd.pick([40, 63, 100, 160])}`,
        installationDate: daysBefore(today, rnd.int(700, 5000)),
        comment: null,
      });
      addHydraulicParts(ctx, hydraulic.id);
      if (grease) {
        const unit = rows.add('aggregate', {
          id: ids.next('aggregate'),
          companyId: customer.id,
          machineId: machine.id,
          type: 'GREASE',
          manufacturerId: manufacturers[rnd.int(0, 5)] ?? null,
          machineType: `SN ${rnd.int(100000, 999999)}`,
          circuitId: 'Zentralschmierung',
          installationDate: daysBefore(today, rnd.int(700, 4000)),
          comment: 'Fettschmierung der Führungen',
        });
        rows.add('tank', {
          id: ids.next('part'),
          companyId: customer.id,
          aggregateId: unit.id,
          volume: 8,
          oilVolume: 6,
          oilArt: 'Fließfett NLGI 00',
        });
        rows.add('motorPumpUnit', {
          id: ids.next('part'),
          companyId: customer.id,
          aggregateId: unit.id,
          power: 0.25,
          pumpArt: 'RADIALPISTON',
          pumpType: 'Progressiv-Fettpumpe',
          unitPower: 0.2,
        });
      }
    }
  });
  return machines;
}
