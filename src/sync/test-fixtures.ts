/**
 * Test fixtures for the sync and db unit tests (not used by the app): a fresh database per
 * test, server-shaped rows, and a mutator bound to a fixed user.
 */
import { uuidv7 } from '../domain/ids';
import { openDatabase, type SchlauchDb } from '../db/database';
import type { StoredRow, SyncedEntity } from '../db/entity-tables';
import { rowTable } from '../db/entity-repository';
import { createMutator } from './mutate';

export const USER = 'user-1';
export const OTHER_USER = 'user-2';

let counter = 0;

/** A new, empty database with a name no other test uses. */
export function freshDb(): SchlauchDb {
  counter += 1;
  return openDatabase(`test-${counter}-${uuidv7()}`);
}

export function mutatorFor(db: SchlauchDb, userId: string | null = USER) {
  return createMutator({ db, getUserId: () => userId });
}

const T0 = '2026-01-05T08:00:00.000Z';

/** A row as the server stores it (base fields filled). */
export function serverRow(fields: Record<string, unknown> & { id?: string }): StoredRow {
  return {
    id: fields.id ?? uuidv7(),
    version: 1,
    createdAt: T0,
    updatedAt: T0,
    deletedAt: null,
    companyId: null,
    ...fields,
  } as StoredRow;
}

export interface Seeded {
  companyId: string;
  manufacturerId: string;
  machineId: string;
}

/** A customer with one machine, as if pulled from the server. */
export async function seedMachine(db: SchlauchDb): Promise<Seeded> {
  const companyId = uuidv7();
  const manufacturerId = uuidv7();
  const machineId = uuidv7();
  const put = (entity: SyncedEntity, row: StoredRow) => rowTable(db, entity).put(row);
  await put('company', serverRow({ id: companyId, companyId, name: 'Kunde', industry: null }));
  await put('manufacturer', serverRow({ id: manufacturerId, name: 'Hersteller' }));
  await put(
    'machine',
    serverRow({
      id: machineId,
      companyId,
      manufacturerId,
      internalId: 'INV-1',
      machineType: null,
      locationId: null,
      positionOnLocation: null,
      dguvInterval: 'YEAR',
      dguvIntervalCritical: 'HALFYEAR',
      comment: null,
      version: 3,
    }),
  );
  return { companyId, manufacturerId, machineId };
}

/** Create input of a hose on a machine (companyId comes from the machine). */
export function pipeInput(machineId: string, position = 1) {
  return { machineId, position, code: `T-${String(position).padStart(6, '0')}` };
}
