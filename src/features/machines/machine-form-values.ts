/**
 * Form values of the machine forms (wizard and edit): what the inputs hold ('' for empty),
 * turned into the schema input (`toSchemaInput` then makes '' null). The wizard's power units
 * carry a `key` for React only; it never reaches the schema.
 */
import { DEFAULT_INTERVALS } from '@domain/rules/intervals';
import type { Machine } from '@domain/schemas/machine';
import { uuidv7 } from '@domain/ids';

export interface MachineValues extends Record<string, unknown> {
  manufacturerId: string | null;
  machineType: string;
  internalId: string;
  locationId: string | null;
  positionOnLocation: string;
  dguvInterval: string;
  dguvIntervalCritical: string;
  /** The operator's decision on the intervals: who, on what basis, when ('YYYY-MM-DD'). */
  intervalDecidedBy: string;
  intervalBasis: string | null;
  intervalDecidedAt: string;
  comment: string;
}

export interface PowerUnitValues extends Record<string, unknown> {
  key: string;
  type: string | null;
  manufacturerId: string | null;
  machineType: string;
  circuitId: string;
  installationDate: string;
  comment: string;
}

export interface WizardValues extends Record<string, unknown> {
  machine: MachineValues;
  aggregates: PowerUnitValues[];
}

export type WizardTab = 'machine' | 'powerUnits';

export const emptyMachine = (): MachineValues => ({
  manufacturerId: null,
  machineType: '',
  internalId: '',
  locationId: null,
  positionOnLocation: '',
  ...DEFAULT_INTERVALS,
  intervalDecidedBy: '',
  intervalBasis: null,
  intervalDecidedAt: '',
  comment: '',
});

export const emptyPowerUnit = (): PowerUnitValues => ({
  key: uuidv7(),
  type: null,
  manufacturerId: null,
  machineType: '',
  circuitId: '',
  installationDate: '',
  comment: '',
});

/** The machine fields of a stored row as form values. */
export function machineValues(row: Machine): MachineValues {
  return {
    manufacturerId: row.manufacturerId,
    machineType: row.machineType ?? '',
    internalId: row.internalId,
    locationId: row.locationId,
    positionOnLocation: row.positionOnLocation ?? '',
    dguvInterval: row.dguvInterval,
    dguvIntervalCritical: row.dguvIntervalCritical,
    intervalDecidedBy: row.intervalDecidedBy ?? '',
    intervalBasis: row.intervalBasis,
    intervalDecidedAt: row.intervalDecidedAt ?? '',
    comment: row.comment ?? '',
  };
}

/** What machineWizardSchema parses: the machine with its customer, units without keys. */
export function wizardInput(values: WizardValues, companyId: string) {
  return {
    machine: { ...values.machine, companyId },
    aggregates: values.aggregates.map(({ key: _key, ...unit }) => unit),
  };
}

/** The tab holding the first failing field path ('machine.…' or 'aggregates.…'). */
export function tabOf(path: readonly PropertyKey[]): WizardTab {
  return path[0] === 'aggregates' ? 'powerUnits' : 'machine';
}
