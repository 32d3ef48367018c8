/**
 * The parts of a demo hydraulic power unit: one of every kind docs/api.md lists (tank, valve,
 * filter, memory, consumer, controller, safety valve, motor-pump unit), valves, filters and
 * consumers twice, with plausible type-plate data.
 */
import {
  CONSUMERTYPE,
  CONTROLUNITTYPE,
  FILTERTYPE,
  MEMORYTYPE,
  PUMPUNITTYPE,
} from '@domain/schemas/enums';
import { daysBefore, type DemoIds, type DemoRandom } from './demo-random';
import type { DemoRows } from './demo-rows';

export interface PartContext {
  rows: DemoRows;
  ids: DemoIds;
  rnd: DemoRandom;
  manufacturers: readonly string[];
  today: string;
  companyId: string;
}

export function addHydraulicParts(ctx: PartContext, aggregateId: string): void {
  const { rows, ids, rnd, today, companyId } = ctx;
  const base = () => ({ id: ids.next('part'), companyId, aggregateId });
  const maker = () => ctx.manufacturers[rnd.int(0, 6)] ?? null;
  const dates = () => ({
    installationDate: daysBefore(today, rnd.int(900, 4500)),
    maintenanceDate: daysBefore(today, rnd.int(20, 400)),
  });
  const circuit = (n: number) => `K${n}`;
  const pressure = rnd.pick([160, 210, 250, 315]);

  const volume = rnd.pick([100, 160, 250, 400, 630]);
  rows.add('tank', {
    ...base(),
    volume,
    oilVolume: Math.round(volume * 0.8),
    oilArt: rnd.pick(['HLP 46', 'HLP 32', 'HVLP 46', 'HEES 46']),
    comment: null,
  });
  for (const n of [1, 2]) {
    rows.add('valve', {
      ...base(),
      artLabel: n === 1 ? 'Wegeventil 4/3' : 'Druckbegrenzungsventil',
      manufacturerId: maker(),
      valveType:
        n === 1 ? `4WE ${rnd.pick([6, 10])} J6X/EG24N9K4` : `DBDS ${rnd.pick([6, 10])} K1X`,
      dn: rnd.pick([6, 10, 16]),
      voltage: n === 1 ? 24 : null,
      circuitId: circuit(n),
      ...dates(),
    });
    rows.add('filter', {
      ...base(),
      filterType: n === 1 ? 'PRESSURE' : rnd.pick(FILTERTYPE),
      manufacturerId: maker(),
      filterArt: n === 1 ? 'DFBN/HC 160' : 'RFM BN/HC 330',
      filterElement: n === 1 ? '0160 D 010 BN4HC' : '0330 R 010 BN4HC',
    });
    rows.add('consumer', {
      ...base(),
      consumerArt: n === 1 ? 'CYLINDER' : rnd.pick(CONSUMERTYPE),
      manufacturerId: maker(),
      consumerType: n === 1 ? `CDH1 MP5 ${rnd.pick([63, 80, 100])}/45-400` : 'MCR5 F 470',
      circuitId: circuit(n),
      ...dates(),
    });
  }
  rows.add('memory', {
    ...base(),
    memoryType: rnd.pick(MEMORYTYPE),
    manufacturerId: maker(),
    volume: rnd.pick([1, 4, 10, 20]),
    serialNumber: `SB-${rnd.int(10000, 99999)}`,
    maxPressure: 330,
    year: Number(today.slice(0, 4)) - rnd.int(2, 12),
    pressure: Math.round(pressure * 0.6),
    memoryLabel: 'SB330-10A1/112U-330A',
    circuitId: circuit(1),
  });
  rows.add('controller', {
    ...base(),
    manufacturerId: maker(),
    controlUnitType: rnd.pick(CONTROLUNITTYPE),
    unitType: `M4-${rnd.pick([12, 15, 22])}`,
    chainCount: rnd.int(2, 6),
    dn: rnd.pick([12, 16, 20]),
    circuitId: circuit(1),
    ...dates(),
  });
  rows.add('safetyValve', {
    ...base(),
    typeLabel: `DBDS 10 K1X/${pressure}`,
    pressure,
    serialNumber: `SV-${rnd.int(10000, 99999)}`,
    buildYear: Number(today.slice(0, 4)) - rnd.int(1, 10),
    circuitId: circuit(1),
  });
  rows.add('motorPumpUnit', {
    ...base(),
    power: rnd.pick([7.5, 11, 15, 22, 37, 55]),
    manufacturerId: maker(),
    pumpArt: rnd.pick(PUMPUNITTYPE),
    pumpType: rnd.pick(['A10VSO 45 DFR', 'PGH4-3X/050', 'PV7-1X/40', 'AZPF-1X-016']),
    unitPower: rnd.int(40, 180),
    circuitId: circuit(1),
    ...dates(),
  });
}
