/**
 * The customer list's rows, computed on the device from the synced rows so they work offline:
 * every customer with the city of its main address and its machine count. Deleted rows are
 * always left out.
 */
import type { SchlauchDb } from '@db/database';
import { entityTable, listCompanies } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useDbQuery } from '@db/hooks';

const alive = (r: { deletedAt: string | null }) => r.deletedAt === null;

export interface CustomerSummary {
  company: EntityRow<'company'>;
  /** City of the first MAIN address (else of any address); null without addresses. */
  city: string | null;
  machineCount: number;
}

/** Every customer by name, with the city of its main address and its machine count. */
export async function customerSummaries(db: SchlauchDb): Promise<CustomerSummary[]> {
  const [companies, locations, machines] = await Promise.all([
    listCompanies(db),
    entityTable(db, 'location').filter(alive).toArray(),
    entityTable(db, 'machine').filter(alive).toArray(),
  ]);
  const cities = new Map<string, { city: string; main: boolean }>();
  for (const l of locations) {
    const known = cities.get(l.companyId);
    if (!known || (!known.main && l.type === 'MAIN')) {
      cities.set(l.companyId, { city: l.city, main: l.type === 'MAIN' });
    }
  }
  const counts = new Map<string, number>();
  for (const m of machines) counts.set(m.companyId, (counts.get(m.companyId) ?? 0) + 1);
  return companies.map((company) => ({
    company,
    city: cities.get(company.id)?.city ?? null,
    machineCount: counts.get(company.id) ?? 0,
  }));
}

export function useCustomerSummaries() {
  return useDbQuery(customerSummaries, []);
}
