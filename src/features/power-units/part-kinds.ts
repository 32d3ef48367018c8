/**
 * The part kinds of a power unit as the screens need them (docs/architecture.md, docs/api.md): the URL segment
 * of each kind, the unit shown beside a measured field, and the columns of its list. Field
 * names, input kinds and enum values come from the domain schemas (see part-fields.ts); this
 * table adds only what a schema cannot say.
 */
import { PART_ENTITY_NAMES, type PartEntityName } from '@domain/schemas/parts';

/** Units of docs/api.md, as keys of `forms:units`. */
export type UnitKey = 'bar' | 'l' | 'lPerMin' | 'kW' | 'V';

export interface PartKindUi {
  /** URL segment below `power-unit/:powerUnitId` (src/app/routes/machine-routes.ts). */
  segment: string;
  units: Readonly<Record<string, UnitKey>>;
  /** Fields shown as list columns, in order. */
  columns: readonly string[];
}

export const PART_KIND_UI: Readonly<Record<PartEntityName, PartKindUi>> = {
  tank: {
    segment: 'tank',
    units: { volume: 'l', oilVolume: 'l' },
    columns: ['volume', 'oilVolume', 'oilArt'],
  },
  valve: {
    segment: 'valve',
    units: { voltage: 'V' },
    columns: ['artLabel', 'manufacturerId', 'valveType', 'dn', 'voltage', 'circuitId'],
  },
  filter: {
    segment: 'filter',
    units: {},
    columns: ['filterType', 'manufacturerId', 'filterArt', 'filterElement'],
  },
  memory: {
    segment: 'memory',
    units: { volume: 'l', maxPressure: 'bar', pressure: 'bar' },
    columns: ['memoryType', 'manufacturerId', 'volume', 'pressure', 'maxPressure', 'serialNumber'],
  },
  consumer: {
    segment: 'consumer',
    units: {},
    columns: ['consumerArt', 'manufacturerId', 'consumerType', 'circuitId'],
  },
  controller: {
    segment: 'controller',
    units: {},
    columns: ['controlUnitType', 'manufacturerId', 'unitType', 'chainCount', 'dn', 'circuitId'],
  },
  safetyValve: {
    segment: 'safety-valve',
    units: { pressure: 'bar' },
    columns: ['typeLabel', 'pressure', 'serialNumber', 'buildYear', 'circuitId'],
  },
  motorPumpUnit: {
    segment: 'motor-pump-unit',
    units: { power: 'kW', unitPower: 'lPerMin' },
    columns: ['manufacturerId', 'power', 'pumpArt', 'pumpType', 'unitPower'],
  },
};

/** The kinds in docs/architecture.md route order. */
export const PART_KINDS: readonly PartEntityName[] = PART_ENTITY_NAMES;

export const partSegment = (kind: PartEntityName): string => PART_KIND_UI[kind].segment;
