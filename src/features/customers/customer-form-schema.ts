/**
 * The customer form (create and edit): the company's general data, its addresses and its
 * contacts in one form, validated by the domain's create schemas. Addresses get their id when
 * a row is added (a client UUIDv7, as mutate would make one), so a contact can point at an
 * address that is not saved yet.
 */
import { z } from 'zod';
import { toFormValues } from '@components/forms';
import { uuidv7 } from '@domain/ids';
import {
  companyCreateSchema,
  contactCreateSchema,
  locationCreateSchema,
  type Company,
  type Contact,
  type Location,
} from '@domain/schemas/company';

export const customerFormSchema = z.object({
  company: companyCreateSchema.omit({ id: true, logo: true }),
  locations: z.array(locationCreateSchema.omit({ companyId: true })),
  contacts: z.array(contactCreateSchema.omit({ companyId: true })),
});
export type CustomerFormOutput = z.infer<typeof customerFormSchema>;

/** What the inputs hold: '' for empty text, '' or a number for the distance. */
export interface CompanyValues {
  [key: string]: unknown;
  name: string;
  taxident: string;
  customerNumber: string;
  industry: string | null;
  phone: string;
  email: string;
}

export interface LocationValues {
  [key: string]: unknown;
  id: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  addition: string;
  distance: number | string;
  type: string;
}

export interface ContactValues {
  [key: string]: unknown;
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  position: string;
  locationId: string | null;
}

export interface CustomerFormValues {
  [key: string]: unknown;
  company: CompanyValues;
  locations: LocationValues[];
  contacts: ContactValues[];
}

/** The rows the form was opened with (edit), to diff against on save. */
export interface StoredCustomer {
  company: Company;
  locations: Location[];
  contacts: Contact[];
}

export function newLocation(): LocationValues {
  return {
    id: uuidv7(),
    street: '',
    houseNumber: '',
    zip: '',
    city: '',
    addition: '',
    distance: '',
    type: 'MAIN',
  };
}

export function newContact(): ContactValues {
  return {
    id: uuidv7(),
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    position: '',
    locationId: null,
  };
}

const pick = <T extends object>(row: T, keys: readonly (keyof T)[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k]]));

const COMPANY_FIELDS = [
  'name',
  'taxident',
  'customerNumber',
  'industry',
  'phone',
  'email',
] as const;
const LOCATION_FIELDS = [
  'id',
  'street',
  'houseNumber',
  'zip',
  'city',
  'addition',
  'distance',
  'type',
] as const;
const CONTACT_FIELDS = ['id', 'firstName', 'lastName', 'phone', 'email', 'position'] as const;

export function emptyCustomerValues(): CustomerFormValues {
  return {
    company: {
      name: '',
      taxident: '',
      customerNumber: '',
      industry: 'HYDRAULIC',
      phone: '',
      email: '',
    },
    locations: [],
    contacts: [],
  };
}

/** Form values of stored rows (null → ''; selects keep null). */
export function customerValues(stored: StoredCustomer): CustomerFormValues {
  return {
    company: {
      ...(toFormValues(pick(stored.company, COMPANY_FIELDS)) as CompanyValues),
      industry: stored.company.industry,
    },
    locations: stored.locations.map(
      (l) => toFormValues(pick(l, LOCATION_FIELDS)) as LocationValues,
    ),
    contacts: stored.contacts.map((c) => ({
      ...(toFormValues(pick(c, CONTACT_FIELDS)) as ContactValues),
      locationId: c.locationId,
    })),
  };
}

/** A readable name for a location (confirm texts, location selects, contact lines). */
export function locationLabel(l: {
  street: string | null;
  houseNumber: string | null;
  city: string | null;
  addition?: string | null;
}): string {
  const street = [l.street, l.houseNumber].filter(Boolean).join(' ');
  const place = [street, l.city].filter(Boolean).join(', ');
  return l.addition ? `${place} (${l.addition})` : place;
}
