/**
 * Reads of the synced domain tables for screens and the sync engine. Rows are stored in their
 * domain shape; soft-deleted rows (deletedAt set, a local delete not yet confirmed or a
 * tombstone) stay in the table until the pull feed removes them, and every list here leaves
 * them out. Writes never happen here: screens write through sync/mutate (one transaction with
 * the outbox), the engine through its pull and push modules.
 */
import { Dexie, type Table } from 'dexie';
import type { SchlauchDb } from './database';
import type { EntityRow, StoredRow, SyncedEntity } from './entity-tables';
import type { PartEntityName } from '../domain/schemas/parts';

/** A domain table seen generically (the sync engine's view: any entity, any row). */
export type RowTable = Table<StoredRow, string>;

export function entityTable<E extends SyncedEntity>(db: SchlauchDb, entity: E) {
  return db.table<EntityRow<E>, string>(entity);
}

export function rowTable(db: SchlauchDb, entity: SyncedEntity): RowTable {
  return db.table<StoredRow, string>(entity);
}

const alive = (row: { deletedAt: string | null }) => row.deletedAt === null;
const byText =
  <T>(...keys: ((row: T) => string | null | undefined)[]) =>
  (a: T, b: T) => {
    for (const key of keys) {
      const d = (key(a) ?? '').localeCompare(key(b) ?? '', 'de');
      if (d !== 0) return d;
    }
    return 0;
  };

/** One row by id, or undefined when missing or deleted. */
export async function getRow<E extends SyncedEntity>(
  db: SchlauchDb,
  entity: E,
  id: string,
): Promise<EntityRow<E> | undefined> {
  const row = await entityTable(db, entity).get(id);
  return row && alive(row) ? row : undefined;
}

/** The live rows whose indexed `field` equals `value` (a parent's children). */
export async function listBy<E extends SyncedEntity>(
  db: SchlauchDb,
  entity: E,
  field: string,
  value: string,
): Promise<EntityRow<E>[]> {
  return entityTable(db, entity).where(field).equals(value).filter(alive).toArray();
}

/** Every live row of an entity, in no particular order. */
export async function listAll<E extends SyncedEntity>(
  db: SchlauchDb,
  entity: E,
): Promise<EntityRow<E>[]> {
  return entityTable(db, entity).filter(alive).toArray();
}

export async function listCompanies(db: SchlauchDb): Promise<EntityRow<'company'>[]> {
  const rows = await entityTable(db, 'company').filter(alive).toArray();
  return rows.sort(byText((r) => r.name));
}

export async function listLocations(db: SchlauchDb, companyId: string) {
  return listBy(db, 'location', 'companyId', companyId);
}

/** A customer's machines by type, then inventory number (SPEC's "name" order, see machine.ts). */
export async function listMachines(db: SchlauchDb, companyId: string) {
  const rows = await listBy(db, 'machine', 'companyId', companyId);
  return rows.sort(
    byText(
      (r) => r.machineType,
      (r) => r.internalId,
    ),
  );
}

/**
 * A machine's hoses by position ascending (docs/api.md), straight from the compound index (one
 * getAll; the deleted ones are left out afterwards, a Dexie filter would step a cursor per row).
 */
export async function listPipes(db: SchlauchDb, machineId: string) {
  const rows = await entityTable(db, 'pipe')
    .where('[machineId+position]')
    .between([machineId, Dexie.minKey], [machineId, Dexie.maxKey])
    .toArray();
  return rows.filter(alive);
}

/**
 * The first live hoses of `machineIds`, machine by machine in the given order, each by
 * position: a long list's first screen. One plain index read per machine (a limited getAll;
 * a Dexie filter would step a cursor per row); `whole` when no machine has more hoses.
 */
export async function listFirstPipes(
  db: SchlauchDb,
  machineIds: readonly string[],
  limit: number,
): Promise<{ pipes: EntityRow<'pipe'>[]; whole: boolean }> {
  const pipes: EntityRow<'pipe'>[] = [];
  for (const machineId of machineIds) {
    const want = limit - pipes.length;
    if (want <= 0) return { pipes, whole: false };
    const rows = await entityTable(db, 'pipe')
      .where('[machineId+position]')
      .between([machineId, Dexie.minKey], [machineId, Dexie.maxKey])
      .limit(want)
      .toArray();
    pipes.push(...rows.filter(alive));
    if (rows.length === want) return { pipes, whole: false };
  }
  return { pipes, whole: true };
}

export async function listAggregates(db: SchlauchDb, machineId: string) {
  return listBy(db, 'aggregate', 'machineId', machineId);
}

export async function listParts<E extends PartEntityName>(
  db: SchlauchDb,
  entity: E,
  aggregateId: string,
) {
  return listBy(db, entity, 'aggregateId', aggregateId);
}

/** A machine's DGUV audits, newest start date first. */
export async function listAudits(db: SchlauchDb, machineId: string) {
  const rows = await listBy(db, 'dguvAudit', 'machineId', machineId);
  return rows.sort((a, b) => b.startDate.localeCompare(a.startDate));
}

export async function listAuditsByState(db: SchlauchDb, state: EntityRow<'dguvAudit'>['state']) {
  return entityTable(db, 'dguvAudit').where('state').equals(state).filter(alive).toArray();
}

/** The checks of an audit, or of a hose across audits, in device order. */
export async function listAnswers(db: SchlauchDb, by: { auditId: string } | { pipeId: string }) {
  const [field, value] = 'auditId' in by ? ['auditId', by.auditId] : ['pipeId', by.pipeId];
  const rows = await listBy(db, 'dguvAnswer', field, value);
  return rows.sort((a, b) => a.performedAt.localeCompare(b.performedAt));
}
