/**
 * Reads for the machine inspection and maintenance reports (docs/architecture.md inspection/…,
 * maintenance/…), computed on the device so a technician can work with no signal: a machine's
 * reports newest first, the user's newest DRAFT to continue, and what a report line can be
 * about — every power unit of the machine and every part of each unit (8 kinds). Deleted rows
 * are always left out.
 */
import type { SchlauchDb } from '@db/database';
import { listAggregates, listBy, listParts } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useDbQuery } from '@db/hooks';
import { PART_ENTITY_NAMES, type PartEntityName } from '@domain/schemas/parts';

export type ReportEntity = 'inspection' | 'maintenance';
export type ReportRow<E extends ReportEntity = ReportEntity> = EntityRow<E>;

/** One part of a power unit, with its kind (the report line's targetType). */
export interface TargetPart {
  kind: PartEntityName;
  row: EntityRow<PartEntityName>;
}

/** A power unit and its parts, in docs/architecture.md part order. */
export interface TargetGroup {
  aggregate: EntityRow<'aggregate'>;
  parts: TargetPart[];
}

/** Oldest first: UUIDv7 ids grow with their creation time, the id breaks ties. */
const byCreation = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Newest report first: by report date, then by creation. */
const newestFirst = (a: ReportRow, b: ReportRow) =>
  b.date.localeCompare(a.date) || byCreation(b, a);

/** A machine's reports of one kind, newest first. */
export async function listMachineReports<E extends ReportEntity>(
  db: SchlauchDb,
  entity: E,
  machineId: string,
): Promise<ReportRow<E>[]> {
  const rows = (await listBy(db, entity, 'machineId', machineId)) as ReportRow<E>[];
  return rows.sort(newestFirst);
}

export function useMachineReports(entity: ReportEntity, machineId: string) {
  return useDbQuery((db) => listMachineReports(db, entity, machineId), [entity, machineId]);
}

/**
 * The newest DRAFT of this machine recorded by `technician` (reports carry the technician's
 * name, not a user id), or null: the audit screen continues it instead of starting another.
 */
export async function latestDraft<E extends ReportEntity>(
  db: SchlauchDb,
  entity: E,
  machineId: string,
  technician: string,
): Promise<ReportRow<E> | null> {
  const rows = await listMachineReports(db, entity, machineId);
  const mine = rows.filter((r) => r.state === 'DRAFT' && r.technician === technician);
  return mine.sort((a, b) => byCreation(b, a))[0] ?? null;
}

/** Every power unit of a machine (oldest first) with its parts. */
export async function machineTargets(db: SchlauchDb, machineId: string): Promise<TargetGroup[]> {
  const aggregates = (await listAggregates(db, machineId)).sort(byCreation);
  return Promise.all(
    aggregates.map(async (aggregate) => {
      const perKind = await Promise.all(
        PART_ENTITY_NAMES.map(async (kind) =>
          (await listParts(db, kind, aggregate.id))
            .sort(byCreation)
            .map((row): TargetPart => ({ kind, row })),
        ),
      );
      return { aggregate, parts: perKind.flat() };
    }),
  );
}

/** Live power units and parts of a machine; undefined while loading. */
export function useMachineTargets(machineId: string) {
  return useDbQuery((db) => machineTargets(db, machineId), [machineId]);
}
