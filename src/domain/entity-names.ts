/**
 * The names of every stored entity, without their zod schemas (entities.ts pairs them): the
 * device database's tables are made from this list, so the first screen's bundle needs no
 * zod.
 */

/** Entity names of the part kinds, in docs/architecture.md route order. */
export const PART_ENTITY_NAMES = [
  'tank',
  'valve',
  'filter',
  'memory',
  'consumer',
  'controller',
  'safetyValve',
  'motorPumpUnit',
] as const;
export type PartEntityName = (typeof PART_ENTITY_NAMES)[number];

export const ENTITY_NAMES = [
  'company',
  'location',
  'contact',
  'companySettings',
  'manufacturer',
  'machine',
  'aggregate',
  ...PART_ENTITY_NAMES,
  'pipe',
  'dguvAudit',
  'dguvAnswer',
  'signature',
  'inspection',
  'maintenance',
  'document',
  'product',
  'order',
  'orderItem',
  'dayPlan',
  'profile',
] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];
