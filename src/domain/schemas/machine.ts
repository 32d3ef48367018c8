import { z } from 'zod';
import { DEFAULT_INTERVALS } from '../rules/intervals';
import { companyEntity } from './base';
import { aggregateTypeSchema, changeIntervalSchema, intervalBasisSchema } from './enums';
import {
  commentField,
  idField,
  optionalFileRef,
  optionalIdField,
  optionalIsoDate,
  optionalText,
  requiredText,
} from './fields';

/**
 * Machine (docs/api.md). Relations: `companyId` the customer it stands at, `locationId` SPEC's
 * "location" (null: not yet assigned — docs/architecture.md "machines without location"),
 * `manufacturerId` SPEC's "manufacturer" (a global manufacturer row).
 *
 * DGUV intervals default to a yearly check and a half-yearly one for critical hoses: the usual
 * DGUV 113-020 practice for hoses with increased requirements. SPEC's machine list sorts by
 * "name"; a machine has no name field, so that sort uses machineType, then internalId.
 */
const machine = companyEntity({
  manufacturerId: idField(),
  machineType: optionalText(),
  /** Inventory number; docs/api.md makes it required. */
  internalId: requiredText(100),
  locationId: optionalIdField(),
  positionOnLocation: optionalText(),
  dguvInterval: changeIntervalSchema.default(DEFAULT_INTERVALS.dguvInterval),
  dguvIntervalCritical: changeIntervalSchema.default(DEFAULT_INTERVALS.dguvIntervalCritical),
  /**
   * The operator's written decision on the intervals (DGUV Regel 113-020 §4.4,
   * docs/dguv-record.md): who set them, on what basis, on which day.
   */
  intervalDecidedBy: optionalText(),
  intervalBasis: intervalBasisSchema.nullable().default(null),
  intervalDecidedAt: optionalIsoDate(),
  comment: commentField(),
  photo: optionalFileRef(),
});
export const machineSchema = machine.row;
export const machineCreateSchema = machine.create;
export const machineUpdateSchema = machine.update;
export type Machine = z.infer<typeof machineSchema>;
export type MachineCreate = z.infer<typeof machineCreateSchema>;
export type MachineUpdate = z.infer<typeof machineUpdateSchema>;

/**
 * Aggregate / hydraulic power unit (docs/api.md). Relations: `machineId` the machine it belongs
 * to, `manufacturerId` SPEC's "manufacturer". `companyId` repeats the machine's customer so
 * that scope filtering never needs a join.
 */
const aggregate = companyEntity({
  machineId: idField(),
  type: aggregateTypeSchema,
  manufacturerId: optionalIdField(),
  /** Labelled "serial number" in the UI. */
  machineType: optionalText(),
  /** Labelled "type designation" in the UI. */
  circuitId: optionalText(),
  /** Labelled "manufacture date" in the UI. */
  installationDate: optionalIsoDate(),
  comment: commentField(),
  photo: optionalFileRef(),
});
export const aggregateSchema = aggregate.row;
export const aggregateCreateSchema = aggregate.create;
export const aggregateUpdateSchema = aggregate.update;
export type Aggregate = z.infer<typeof aggregateSchema>;
export type AggregateCreate = z.infer<typeof aggregateCreateSchema>;
export type AggregateUpdate = z.infer<typeof aggregateUpdateSchema>;

/**
 * The machine creation wizard (docs/architecture.md: tabs machine data and hydraulic power units). docs/api.md
 * reports its three required fields with one message — data is missing — whichever tab they
 * are on, so these fields use 'machines:dataMissing' instead of the generic keys. The
 * aggregates get their machineId and companyId from the machine when saved.
 */
export const machineWizardSchema = z.object({
  machine: machineCreateSchema.extend({
    manufacturerId: z.uuid({ error: 'machines:dataMissing' }),
    internalId: requiredText(100, 'machines:dataMissing'),
  }),
  aggregates: z.array(
    aggregateCreateSchema.omit({ machineId: true, companyId: true }).extend({
      type: z.enum(aggregateTypeSchema.options, { error: 'machines:dataMissing' }),
    }),
  ),
});
export type MachineWizard = z.infer<typeof machineWizardSchema>;
