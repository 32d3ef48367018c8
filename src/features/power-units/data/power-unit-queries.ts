/**
 * Part counts of power units (the power-unit list and root page show how many parts of each
 * kind a unit has). Reads the eight part tables by their aggregateId index; deleted rows
 * (local deletes not yet confirmed, tombstones) are not counted.
 */
import type { SchlauchDb } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { useDbQuery } from '@db/hooks';
import { PART_ENTITY_NAMES, type PartEntityName } from '@domain/schemas/parts';

export type PartCounts = Record<PartEntityName, number>;

const zero = (): PartCounts =>
  Object.fromEntries(PART_ENTITY_NAMES.map((k) => [k, 0])) as PartCounts;

/** Counts per kind for each given power unit (every id present, zeros included). */
export async function countParts(
  db: SchlauchDb,
  aggregateIds: readonly string[],
): Promise<Record<string, PartCounts>> {
  const out: Record<string, PartCounts> = Object.fromEntries(
    aggregateIds.map((id) => [id, zero()]),
  );
  if (aggregateIds.length === 0) return out;
  await Promise.all(
    PART_ENTITY_NAMES.map(async (kind) => {
      const rows = await rowTable(db, kind)
        .where('aggregateId')
        .anyOf([...aggregateIds])
        .filter((row) => row.deletedAt === null)
        .toArray();
      for (const row of rows) {
        const counts = out[String(row.aggregateId)];
        if (counts) counts[kind] += 1;
      }
    }),
  );
  return out;
}

/** Live part counts of the given power units; undefined while loading. */
export function usePartCounts(aggregateIds: readonly string[] | undefined) {
  // The ids' joined text is the dependency: a new array of the same ids is the same query.
  const key = aggregateIds?.join(',');
  return useDbQuery(
    async (db) => (key === undefined ? undefined : countParts(db, key ? key.split(',') : [])),
    [key],
  );
}

/** Total number of parts in one count record. */
export const totalParts = (counts: PartCounts | undefined): number =>
  counts ? PART_ENTITY_NAMES.reduce((sum, kind) => sum + counts[kind], 0) : 0;
