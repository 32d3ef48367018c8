/**
 * A customer with its addresses and contacts, live from the device: undefined while loading,
 * null when the customer does not exist (or was deleted).
 */
import { useRowsBy, useRow } from '@db/hooks';
import type { StoredCustomer } from './customer-form-schema';

export function useStoredCustomer(companyId: string): StoredCustomer | null | undefined {
  const company = useRow('company', companyId);
  const locations = useRowsBy('location', 'companyId', companyId);
  const contacts = useRowsBy('contact', 'companyId', companyId);
  if (company === null) return null;
  if (company === undefined || locations === undefined || contacts === undefined) return undefined;
  return { company, locations: sortLocations(locations), contacts: sortContacts(contacts) };
}

const TYPE_ORDER = { MAIN: 0, DELIVERY: 1, INVOICE: 2 } as const;

function sortLocations<T extends { type: keyof typeof TYPE_ORDER; city: string; street: string }>(
  rows: T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
      a.city.localeCompare(b.city, 'de') ||
      a.street.localeCompare(b.street, 'de'),
  );
}

function sortContacts<T extends { lastName: string; firstName: string | null }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      a.lastName.localeCompare(b.lastName, 'de') ||
      (a.firstName ?? '').localeCompare(b.firstName ?? '', 'de'),
  );
}
