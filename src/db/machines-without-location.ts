/**
 * A customer's machines that stand at no location yet (docs/architecture.md), read on the device: the
 * customer dashboard and the start dashboard both show them (components/
 * machines-without-location), so the read model sits here, below both features.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase, type SchlauchDb } from './database';
import { machinesInScope } from './dguv-status-reads';

/** A customer's live machines without a location, by inventory number. */
export async function machinesWithoutLocation(db: SchlauchDb, companyId: string) {
  const rows = await machinesInScope(db, { companyId });
  return rows
    .filter((m) => m.locationId === null)
    .sort((a, b) => a.internalId.localeCompare(b.internalId, 'de'));
}

export function useMachinesWithoutLocation(companyId: string | null) {
  return useLiveQuery(
    async () => (companyId ? machinesWithoutLocation(getDatabase(), companyId) : []),
    [companyId],
  );
}
