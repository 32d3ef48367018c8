import { z } from 'zod';
import { companyEntity } from './base';
import { fittingSystemSchema, fittingTypeSchema } from './enums';
import {
  commentField,
  intField,
  optionalIdField,
  optionalInt,
  optionalIsoDate,
  optionalMeasure,
  optionalText,
  optionalFileRef,
  idField,
  requiredText,
} from './fields';

/**
 * One end of a hose assembly. `twistAngle` is the angle between the two fittings' bends in
 * whole degrees (0–360); `socket` the ferrule designation.
 */
export const fittingSchema = z.object(
  {
    type: fittingTypeSchema.nullable().default(null),
    twistAngle: intField().max(360, { error: 'validation:max' }).default(0),
    socket: optionalText(),
  },
  { error: 'validation:format' },
);
export type Fitting = z.infer<typeof fittingSchema>;

/**
 * Pipe / hose assembly (docs/api.md). Relations: `machineId` is SPEC's "machine", `productId` the
 * shop product of the hose itself (null for hoses recorded on site without one). SPEC's
 * `dguvReference` and "last DGUV result" are derived from the DGUV answers, not stored: see
 * `pipeWithLatestCheckSchema` in dguv-answer.ts.
 *
 * `code` format and uniqueness live in rules/hose-code (uniqueness needs the other hoses, so
 * it is checked by the form and the server, not by this schema). `length` and the fittings may
 * be unknown for hoses recorded during an inspection; pricing refuses such hoses.
 */
const pipe = companyEntity({
  machineId: idField(),
  /** Order on the machine; lists sort by it ascending (docs/api.md). */
  position: intField(),
  code: requiredText(50),
  /** Increased requirements (DGUV 113-020): shorter service life and interval. */
  isCritical: z.boolean({ error: 'validation:required' }).default(false),
  maxPn: optionalMeasure(), // bar
  dn: optionalInt(), // nominal size
  hoseType: optionalText(),
  length: optionalInt(1), // mm
  fittingSystem: fittingSystemSchema.default('STANDARD'),
  fittingLeft: fittingSchema.nullable().default(null),
  fittingRight: fittingSchema.nullable().default(null),
  withProtection: z.boolean({ error: 'validation:required' }).default(false),
  withRope: z.boolean({ error: 'validation:required' }).default(false),
  /** Service life counts from this day (rules/service-life). */
  productionDate: optionalIsoDate(),
  /**
   * The day the assembly was fitted to the machine: storage time = installation − production
   * (rules/service-life `isStorageTimeExceeded`).
   */
  installationDate: optionalIsoDate(),
  comment: commentField(),
  productId: optionalIdField(),
  /** The maker printed on the hose or stamped on its fitting (its marking, "Read marking"). */
  hoseManufacturer: optionalText(100),
  /**
   * The photo of the marking the facts were read from, kept as evidence (a blob id; docs/
   * dguv-record.md "Reading the marking").
   */
  markingPhotoId: optionalFileRef(),
  /**
   * The hose's life at its position (rules/hose-life, docs/hose-lifecycle.md): the assembly this
   * one replaced and the one that replaced it. A retired hose (`retiredAt`, the day it was taken
   * off) is no longer installed nor due, and keeps its history; only its comment may change.
   */
  predecessorId: optionalIdField(),
  successorId: optionalIdField(),
  retiredAt: optionalIsoDate(),
  retiredReason: optionalText(),
});
export const pipeSchema = pipe.row;
export const pipeCreateSchema = pipe.create;
export const pipeUpdateSchema = pipe.update;
export type Pipe = z.infer<typeof pipeSchema>;
export type PipeCreate = z.infer<typeof pipeCreateSchema>;
export type PipeUpdate = z.infer<typeof pipeUpdateSchema>;
