import type { z } from 'zod';
import * as admin from './schemas/admin';
import type { EntityScope } from './schemas/base';
import * as company from './schemas/company';
import * as answer from './schemas/dguv-answer';
import * as dayPlan from './schemas/day-plan';
import * as audit from './schemas/dguv-audit';
import * as machine from './schemas/machine';
import * as order from './schemas/order';
import * as parts from './schemas/parts';
import type { PartEntityName } from './schemas/parts';
import { ENTITY_NAMES, type EntityName } from './entity-names';
import * as pipe from './schemas/pipe';
import * as product from './schemas/product';
import * as reports from './schemas/reports';

/**
 * One registry of every stored entity, so that the server's generic CMS endpoints, the sync
 * pull feed and the client database are all built from the same list instead of keeping
 * their own. `parent` names the field that points to the owning row (what a list is filtered
 * by, and what a cascade follows); rows without one stand alone.
 */
export interface ParentRef {
  field: string;
  entity: EntityName;
}

export interface EntityDefinition {
  row: z.ZodObject;
  create: z.ZodObject;
  update: z.ZodObject;
  scope: EntityScope;
  parent?: ParentRef | undefined;
}

type SchemaModule<N extends string> = Record<
  `${N}Schema` | `${N}CreateSchema` | `${N}UpdateSchema`,
  z.ZodObject
>;

/**
 * Picks `<name>Schema`, `<name>CreateSchema` and `<name>UpdateSchema` from a schema module, so
 * the registry cannot pair one entity's row with another's create schema, and keeps their
 * precise types (ENTITY_SCHEMAS.pipe.row parses to a Pipe).
 */
function entity<N extends string, M extends SchemaModule<N>>(
  mod: M,
  name: N,
  scope: EntityScope,
  parent?: ParentRef,
) {
  return {
    row: mod[`${name}Schema`] as M[`${N}Schema`],
    create: mod[`${name}CreateSchema`] as M[`${N}CreateSchema`],
    update: mod[`${name}UpdateSchema`] as M[`${N}UpdateSchema`],
    scope,
    parent,
  };
}

const ofCompany: ParentRef = { field: 'companyId', entity: 'company' };
const ofMachine: ParentRef = { field: 'machineId', entity: 'machine' };
const ofAggregate: ParentRef = { field: 'aggregateId', entity: 'aggregate' };

export { ENTITY_NAMES, type EntityName };

export const ENTITY_SCHEMAS = {
  // The customer is its own scope (companyId = id), hence no parent.
  company: entity(company, 'company', 'company'),
  location: entity(company, 'location', 'company', ofCompany),
  contact: entity(company, 'contact', 'company', ofCompany),
  companySettings: entity(admin, 'companySettings', 'singleton'),
  manufacturer: entity(admin, 'manufacturer', 'global'),
  machine: entity(machine, 'machine', 'company', ofCompany),
  aggregate: entity(machine, 'aggregate', 'company', ofMachine),
  tank: entity(parts, 'tank', 'company', ofAggregate),
  valve: entity(parts, 'valve', 'company', ofAggregate),
  filter: entity(parts, 'filter', 'company', ofAggregate),
  memory: entity(parts, 'memory', 'company', ofAggregate),
  consumer: entity(parts, 'consumer', 'company', ofAggregate),
  controller: entity(parts, 'controller', 'company', ofAggregate),
  safetyValve: entity(parts, 'safetyValve', 'company', ofAggregate),
  motorPumpUnit: entity(parts, 'motorPumpUnit', 'company', ofAggregate),
  pipe: entity(pipe, 'pipe', 'company', ofMachine),
  dguvAudit: entity(audit, 'dguvAudit', 'company', ofMachine),
  dguvAnswer: entity(answer, 'dguvAnswer', 'company', { field: 'auditId', entity: 'dguvAudit' }),
  // Audits and reports point to their signature (signatureId), so it hangs off the customer.
  signature: entity(audit, 'signature', 'company', ofCompany),
  inspection: entity(reports, 'inspection', 'company', ofMachine),
  maintenance: entity(reports, 'maintenance', 'company', ofMachine),
  document: entity(reports, 'document', 'company', ofMachine),
  product: entity(product, 'product', 'global'),
  order: entity(order, 'order', 'company', ofCompany),
  orderItem: entity(order, 'orderItem', 'company', { field: 'orderId', entity: 'order' }),
  // Read only by its technician and the planners (server cms/access.ts `readFilter`).
  dayPlan: entity(dayPlan, 'dayPlan', 'company', ofCompany),
  profile: entity(admin, 'profile', 'global'),
} satisfies Record<EntityName, EntityDefinition>;

export const isEntityName = (value: string): value is EntityName =>
  (ENTITY_NAMES as readonly string[]).includes(value);

/** The part kinds of a power unit with their URL slugs (docs/architecture.md, route order). */
export const PART_KINDS: ReadonlyArray<{ entity: PartEntityName; slug: string }> = [
  { entity: 'tank', slug: 'tank' },
  { entity: 'valve', slug: 'valve' },
  { entity: 'filter', slug: 'filter' },
  { entity: 'memory', slug: 'memory' },
  { entity: 'consumer', slug: 'consumer' },
  { entity: 'controller', slug: 'controller' },
  { entity: 'safetyValve', slug: 'safety-valve' },
  { entity: 'motorPumpUnit', slug: 'motor-pump-unit' },
];

export function partKindBySlug(slug: string): PartEntityName | null {
  return PART_KINDS.find((k) => k.slug === slug)?.entity ?? null;
}
