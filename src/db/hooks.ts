/**
 * Live-query hooks for the screens: each re-renders when the rows it read change in IndexedDB
 * (local writes, pulled pages, push results — in this tab or another). `undefined` means
 * "still loading"; an empty list means "none". They read the app database; the queries
 * themselves live in entity-repository.ts and are tested there.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { PartEntityName } from '../domain/schemas/parts';
import { getDatabase, type SchlauchDb } from './database';
import type { EntityRow, SyncedEntity } from './entity-tables';
import {
  getRow,
  listAggregates,
  listAll,
  listAnswers,
  listAudits,
  listBy,
  listCompanies,
  listLocations,
  listMachines,
  listParts,
  listPipes,
} from './entity-repository';
import type { ConflictRecord, OutboxEntry } from './records';
import { getBlob, listFailedBlobs } from './blob-repository';
import { bytesToBlob } from './stored-bytes';
import { dguvStats, pipeStatuses, type StatsScope } from './dguv-status-reads';
import type { EntityRow as Row } from './entity-tables';

/**
 * The live-query helper for a feature's own queries (`features/<area>/data/`): `query` reads
 * the app database and re-runs when what it read changes; undefined while loading. Features
 * never import Dexie or dexie-react-hooks themselves (eslint).
 */
export function useDbQuery<T>(
  query: (db: SchlauchDb) => Promise<T> | T,
  deps: readonly unknown[],
): T | undefined {
  // The caller names what `query` reads in `deps`.
  return useLiveQuery(() => query(getDatabase()), [...deps]);
}

/** One row by id; null when it does not exist (or was deleted), undefined while loading. */
export function useRow<E extends SyncedEntity>(
  entity: E,
  id: string | null | undefined,
): EntityRow<E> | null | undefined {
  return useLiveQuery(
    async () => (id ? ((await getRow(getDatabase(), entity, id)) ?? null) : null),
    [entity, id],
  );
}

/** The live rows of `entity` whose indexed `field` equals `value`. */
export function useRowsBy<E extends SyncedEntity>(entity: E, field: string, value: string) {
  return useLiveQuery(() => listBy(getDatabase(), entity, field, value), [entity, field, value]);
}

export function useCompanies() {
  return useLiveQuery(() => listCompanies(getDatabase()), []);
}

export function useLocations(companyId: string) {
  return useLiveQuery(() => listLocations(getDatabase(), companyId), [companyId]);
}

export function useMachines(companyId: string) {
  return useLiveQuery(() => listMachines(getDatabase(), companyId), [companyId]);
}

/** A machine's hoses sorted by position. */
export function usePipes(machineId: string) {
  return useLiveQuery(() => listPipes(getDatabase(), machineId), [machineId]);
}

export function useAggregates(machineId: string) {
  return useLiveQuery(() => listAggregates(getDatabase(), machineId), [machineId]);
}

export function useParts<E extends PartEntityName>(entity: E, aggregateId: string) {
  return useLiveQuery(() => listParts(getDatabase(), entity, aggregateId), [entity, aggregateId]);
}

export function useAudits(machineId: string) {
  return useLiveQuery(() => listAudits(getDatabase(), machineId), [machineId]);
}

export function useAuditAnswers(auditId: string) {
  return useLiveQuery(() => listAnswers(getDatabase(), { auditId }), [auditId]);
}

export function usePipeAnswers(pipeId: string) {
  return useLiveQuery(() => listAnswers(getDatabase(), { pipeId }), [pipeId]);
}

/** Every queued call in the order it was made (the Sync issues screen filters by state). */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  return useLiveQuery(() => getDatabase().outbox.orderBy('localSeq').toArray(), []);
}

export function useConflicts(): ConflictRecord[] | undefined {
  return useLiveQuery(() => getDatabase().conflicts.toArray(), []);
}

/** Every live row of an entity (small global tables: manufacturers, products). */
export function useAllRows<E extends SyncedEntity>(entity: E) {
  return useLiveQuery(() => listAll(getDatabase(), entity), [entity]);
}

/** Manufacturers by name (the manufacturer field of machines, power units and parts). */
export function useManufacturers() {
  return useLiveQuery(async () => {
    const rows = await listAll(getDatabase(), 'manufacturer');
    return rows.sort((a, b) => a.name.localeCompare(b.name));
  }, []);
}

/**
 * A captured file still on this device: its bytes until the server can give it (uploaded and
 * named by the row there, blob-repository.ts), null when the server has it (or it was never
 * captured here), undefined while loading — also right after `blobId` changed: a live query
 * answers with its previous result until the new one is read, and the previous id's "not
 * here" would send a picture to the server for a file only this device has.
 */
export function useLocalBlob(blobId: string | null | undefined): Blob | null | undefined {
  const id = blobId ?? null;
  const found = useLiveQuery(async () => {
    const stored = id ? ((await getBlob(getDatabase(), id))?.data ?? null) : null;
    return { id, data: stored && bytesToBlob(stored) };
  }, [id]);
  return found?.id === id ? found.data : undefined;
}

/** DGUV stats (docs/api.md) of a machine, customer or location, live. */
export function useDguvStats(scope: StatsScope | null) {
  const key = scope ? JSON.stringify(scope) : '';
  return useLiveQuery(async () => (scope ? dguvStats(getDatabase(), scope) : null), [key]);
}

/** Latest check, next due date, overdue and service-life flag of each given hose, live. */
export function usePipeStatuses(pipes: readonly Row<'pipe'>[] | undefined) {
  return useLiveQuery(
    async () => (pipes ? pipeStatuses(getDatabase(), pipes) : undefined),
    [pipes],
  );
}

/** Captured files the server refused for good (Sync issues). */
export function useFailedBlobs() {
  return useLiveQuery(() => listFailedBlobs(getDatabase()), []);
}
