/**
 * Manufacturers with the number of live rows naming them on this device (machines, power
 * units, parts) — the same entities the server counts before it refuses a delete.
 */
import { useDbQuery } from '@db/hooks';
import { listAll } from '@db/entity-repository';
import type { SyncedEntity } from '@db/entity-tables';
import { PART_ENTITY_NAMES } from '@domain/schemas/parts';

export interface ManufacturerUsage {
  id: string;
  name: string;
  uses: number;
}

const REFERENCING: readonly SyncedEntity[] = ['machine', 'aggregate', ...PART_ENTITY_NAMES];

export function useManufacturerUsage(): ManufacturerUsage[] | undefined {
  return useDbQuery(async (db) => {
    const uses = new Map<string, number>();
    for (const entity of REFERENCING) {
      for (const row of await listAll(db, entity)) {
        const id = (row as { manufacturerId?: string | null }).manufacturerId;
        if (id) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
    }
    const rows = await listAll(db, 'manufacturer');
    return rows
      .map((m) => ({ id: m.id, name: m.name, uses: uses.get(m.id) ?? 0 }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, []);
}
