/**
 * The synced domain tables: one Dexie table per entity of the domain registry (named as the
 * entity), holding rows in their domain shape exactly as the server's pull feed and write
 * calls return them. `profile` is not synced (it is the signed-in user's account, read online).
 *
 * Indexes serve the screens' lookups (a machine's hoses, an audit's answers…). IndexedDB
 * leaves rows whose key is null out of an index, so `deletedAt` (null while alive) is filtered
 * in memory rather than indexed: an index on it would only ever contain the tombstones.
 */
import type { z } from 'zod';
import type { ENTITY_SCHEMAS } from '../domain/entities';
import { ENTITY_NAMES, type EntityName } from '../domain/entity-names';
import type { BaseRow } from '../domain/schemas/base';
import type { PartEntityName } from '../domain/entity-names';

export type SyncedEntity = Exclude<EntityName, 'profile'>;

export const SYNCED_ENTITIES: readonly SyncedEntity[] = ENTITY_NAMES.filter(
  (name): name is SyncedEntity => name !== 'profile',
);

export const isSyncedEntity = (value: string): value is SyncedEntity =>
  (SYNCED_ENTITIES as readonly string[]).includes(value);

/** The stored row of an entity, e.g. EntityRow<'pipe'> is a Pipe. */
export type EntityRow<E extends SyncedEntity> = z.infer<(typeof ENTITY_SCHEMAS)[E]['row']>;

/** Any stored row, for the generic sync code that does not know the entity at compile time. */
export type StoredRow = BaseRow & Record<string, unknown>;

const part = 'id, aggregateId, companyId';
const report = 'id, machineId, companyId';

const PART_INDEXES: Record<PartEntityName, string> = {
  tank: part,
  valve: part,
  filter: part,
  memory: part,
  consumer: part,
  controller: part,
  safetyValve: part,
  motorPumpUnit: part,
};

/**
 * Dexie index specs (primary key first) as version 2 of the database declared them. Kept as
 * they were: versions are only ever added (database.ts).
 */
export const ENTITY_INDEXES_V2: Record<Exclude<SyncedEntity, 'dayPlan'>, string> = {
  company: 'id, name',
  location: 'id, companyId',
  contact: 'id, companyId',
  companySettings: 'id',
  manufacturer: 'id, name',
  machine: 'id, companyId, locationId, manufacturerId',
  aggregate: 'id, machineId, companyId',
  ...PART_INDEXES,
  pipe: 'id, machineId, companyId, code, [machineId+position]',
  dguvAudit: 'id, machineId, companyId, state, auditorUserId',
  dguvAnswer: 'id, auditId, pipeId, companyId',
  signature: 'id, companyId',
  inspection: report,
  maintenance: report,
  document: report,
  product: 'id, kind, name',
  order: 'id, companyId, state',
  orderItem: 'id, orderId, companyId, pipeId',
};

const partNow = 'id, aggregateId';

/**
 * The index specs now (database.ts version 5): every index costs each write of a row — the
 * initial load writes tens of thousands — so the large tables of a load keep
 * only the indexes the screens query. Version 5 dropped these, which nothing reads by:
 * the answers', power units' and parts' `companyId` (screens reach them by their audit, hose,
 * machine or unit) and the machines' `locationId` and `manufacturerId` (a location's machines
 * are the customer's, filtered in memory).
 */
export const ENTITY_INDEXES_V5: Record<Exclude<SyncedEntity, 'dayPlan'>, string> = {
  ...ENTITY_INDEXES_V2,
  machine: 'id, companyId',
  aggregate: 'id, machineId',
  tank: partNow,
  valve: partNow,
  filter: partNow,
  memory: partNow,
  consumer: partNow,
  controller: partNow,
  safetyValve: partNow,
  motorPumpUnit: partNow,
  dguvAnswer: 'id, auditId, pipeId',
};

/** Version 6: the day plans, found by the technician they are for. */
export const DAY_PLAN_INDEXES = { dayPlan: 'id, companyId, technicianId' } as const;

/** Every synced table's index spec as the newest version declares it. */
export const ENTITY_INDEXES: Record<SyncedEntity, string> = {
  ...ENTITY_INDEXES_V5,
  ...DAY_PLAN_INDEXES,
};
