import type { z } from 'zod';
import { companyEntity } from './base';
import {
  consumerTypeSchema,
  controlUnitTypeSchema,
  filterTypeSchema,
  memoryTypeSchema,
  pumpUnitTypeSchema,
} from './enums';
import {
  commentField,
  idField,
  optionalIdField,
  optionalInt,
  optionalIsoDate,
  optionalMeasure,
  optionalText,
  optionalYear,
} from './fields';

/**
 * The eight parts of an aggregate (docs/api.md). Each has `aggregateId` (the power unit it belongs
 * to) and, where SPEC lists a "manufacturer", `manufacturerId` (a global manufacturer row).
 * Apart from the aggregate every field is optional: a technician records what the type plate
 * shows, and a plate is often unreadable. Units per docs/api.md in the comments.
 */

// The names live with the other entity names (zod-free, for the device database).
export { PART_ENTITY_NAMES, type PartEntityName } from '../entity-names';

const part = <S extends z.ZodRawShape>(shape: S) =>
  companyEntity({ aggregateId: idField(), ...shape });

/** Dates every moving part carries for its maintenance history. */
const serviceDates = () => ({
  installationDate: optionalIsoDate(),
  maintenanceDate: optionalIsoDate(),
});

const tank = part({
  volume: optionalMeasure(), // l
  oilVolume: optionalMeasure(), // l
  oilArt: optionalText(),
  comment: commentField(),
});
export const tankSchema = tank.row;
export const tankCreateSchema = tank.create;
export const tankUpdateSchema = tank.update;
export type Tank = z.infer<typeof tankSchema>;
export type TankCreate = z.infer<typeof tankCreateSchema>;
export type TankUpdate = z.infer<typeof tankUpdateSchema>;

const filter = part({
  filterType: filterTypeSchema.nullable().default(null),
  manufacturerId: optionalIdField(),
  /** Housing. */
  filterArt: optionalText(),
  filterElement: optionalText(),
  comment: commentField(),
});
export const filterSchema = filter.row;
export const filterCreateSchema = filter.create;
export const filterUpdateSchema = filter.update;
export type Filter = z.infer<typeof filterSchema>;
export type FilterCreate = z.infer<typeof filterCreateSchema>;
export type FilterUpdate = z.infer<typeof filterUpdateSchema>;

/** Hydraulic accumulator. */
const memory = part({
  memoryType: memoryTypeSchema.nullable().default(null),
  manufacturerId: optionalIdField(),
  volume: optionalMeasure(), // l
  serialNumber: optionalText(),
  maxPressure: optionalMeasure(), // bar
  year: optionalYear(),
  /** Gas precharge pressure, bar. */
  pressure: optionalMeasure(),
  memoryLabel: optionalText(),
  circuitId: optionalText(),
  comment: commentField(),
});
export const memorySchema = memory.row;
export const memoryCreateSchema = memory.create;
export const memoryUpdateSchema = memory.update;
export type Memory = z.infer<typeof memorySchema>;
export type MemoryCreate = z.infer<typeof memoryCreateSchema>;
export type MemoryUpdate = z.infer<typeof memoryUpdateSchema>;

const safetyValve = part({
  typeLabel: optionalText(),
  /** Response (set) pressure, bar. */
  pressure: optionalMeasure(),
  serialNumber: optionalText(),
  buildYear: optionalYear(),
  circuitId: optionalText(),
  comment: commentField(),
});
export const safetyValveSchema = safetyValve.row;
export const safetyValveCreateSchema = safetyValve.create;
export const safetyValveUpdateSchema = safetyValve.update;
export type SafetyValve = z.infer<typeof safetyValveSchema>;
export type SafetyValveCreate = z.infer<typeof safetyValveCreateSchema>;
export type SafetyValveUpdate = z.infer<typeof safetyValveUpdateSchema>;

/** `pumpArt` is the pump principle (PUMPUNITTYPE), `pumpType` the maker's model. */
const motorPumpUnit = part({
  power: optionalMeasure(), // kW
  manufacturerId: optionalIdField(),
  pumpArt: pumpUnitTypeSchema.nullable().default(null),
  pumpType: optionalText(),
  /** Flow, l/min. */
  unitPower: optionalMeasure(),
  circuitId: optionalText(),
  ...serviceDates(),
  comment: commentField(),
});
export const motorPumpUnitSchema = motorPumpUnit.row;
export const motorPumpUnitCreateSchema = motorPumpUnit.create;
export const motorPumpUnitUpdateSchema = motorPumpUnit.update;
export type MotorPumpUnit = z.infer<typeof motorPumpUnitSchema>;
export type MotorPumpUnitCreate = z.infer<typeof motorPumpUnitCreateSchema>;
export type MotorPumpUnitUpdate = z.infer<typeof motorPumpUnitUpdateSchema>;

/** Control block. */
const controller = part({
  manufacturerId: optionalIdField(),
  controlUnitType: controlUnitTypeSchema.nullable().default(null),
  unitType: optionalText(),
  /** Number of sections in the block. */
  chainCount: optionalInt(),
  dn: optionalInt(), // nominal size
  circuitId: optionalText(),
  ...serviceDates(),
  comment: commentField(),
});
export const controllerSchema = controller.row;
export const controllerCreateSchema = controller.create;
export const controllerUpdateSchema = controller.update;
export type Controller = z.infer<typeof controllerSchema>;
export type ControllerCreate = z.infer<typeof controllerCreateSchema>;
export type ControllerUpdate = z.infer<typeof controllerUpdateSchema>;

const valve = part({
  artLabel: optionalText(),
  manufacturerId: optionalIdField(),
  valveType: optionalText(),
  dn: optionalInt(), // nominal size
  voltage: optionalMeasure(), // V (solenoid)
  circuitId: optionalText(),
  ...serviceDates(),
  comment: commentField(),
});
export const valveSchema = valve.row;
export const valveCreateSchema = valve.create;
export const valveUpdateSchema = valve.update;
export type Valve = z.infer<typeof valveSchema>;
export type ValveCreate = z.infer<typeof valveCreateSchema>;
export type ValveUpdate = z.infer<typeof valveUpdateSchema>;

/** `consumerArt` is cylinder or motor (CONSUMERTYPE), `consumerType` the maker's model. */
const consumer = part({
  consumerArt: consumerTypeSchema.nullable().default(null),
  manufacturerId: optionalIdField(),
  consumerType: optionalText(),
  circuitId: optionalText(),
  ...serviceDates(),
  comment: commentField(),
});
export const consumerSchema = consumer.row;
export const consumerCreateSchema = consumer.create;
export const consumerUpdateSchema = consumer.update;
export type Consumer = z.infer<typeof consumerSchema>;
export type ConsumerCreate = z.infer<typeof consumerCreateSchema>;
export type ConsumerUpdate = z.infer<typeof consumerUpdateSchema>;
