/**
 * The customer feature's writes (docs/architecture.md "Writes"), through the mutator (offline
 * first). Saving the customer form writes the company first, then its
 * addresses (before the contacts that may point at them), then the contacts. Editing diffs
 * against the rows the form was opened with: changed rows are updated (only the changed
 * fields are sent), new ones created, removed ones deleted — contacts before addresses.
 * A failure is reported with docs/api.md's customer create/update messages (i18n keys, which the
 * form's snack translates).
 */
import { mutate, type Mutator } from '@sync';
import type { CustomerFormOutput, StoredCustomer } from '../customer-form-schema';

type Located = CustomerFormOutput['locations'][number];
type Contacted = CustomerFormOutput['contacts'][number];

const CREATE_FAILED = 'customers:errors.createFailed';
const UPDATE_FAILED = 'customers:errors.updateFailed';
const DELETE_FAILED = 'customers:errors.deleteFailed';

/** Creates the customer with its addresses and contacts; returns the new customer's id. */
export async function createCustomer(
  data: CustomerFormOutput,
  m: Mutator = mutate,
): Promise<string> {
  try {
    const company = await m.create('company', data.company);
    for (const location of data.locations) {
      await m.create('location', { ...location, companyId: company.id });
    }
    for (const contact of data.contacts) {
      await m.create('contact', { ...contact, companyId: company.id });
    }
    return company.id;
  } catch (err) {
    throw new Error(CREATE_FAILED, { cause: err });
  }
}

function withoutId<T extends { id?: string | undefined }>(row: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = row;
  return rest;
}

interface ChildWrites<R> {
  create: (row: R) => Promise<unknown>;
  update: (id: string, row: R, baseVersion: number) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}

/** Creates the new rows and updates the known ones; returns how to remove the dropped ones. */
async function saveChildren<R extends { id?: string | undefined }>(
  wanted: R[],
  stored: { id: string; version: number }[],
  writes: ChildWrites<R>,
) {
  const known = new Map(stored.map((r) => [r.id, r]));
  for (const row of wanted) {
    const current = row.id ? known.get(row.id) : undefined;
    if (current) await writes.update(current.id, row, current.version);
    else await writes.create(row);
  }
}

async function removeDropped<R extends { id?: string | undefined }>(
  wanted: R[],
  stored: { id: string }[],
  writes: ChildWrites<R>,
) {
  const keep = new Set(wanted.map((r) => r.id));
  for (const row of stored) if (!keep.has(row.id)) await writes.remove(row.id);
}

/** Applies the edited form to the stored customer. */
export async function updateCustomer(
  data: CustomerFormOutput,
  stored: StoredCustomer,
  m: Mutator = mutate,
): Promise<void> {
  const { company } = stored;
  try {
    await m.update('company', company.id, data.company, { baseVersion: company.version });
    const companyId = company.id;
    const locations: ChildWrites<Located> = {
      create: (row) => m.create('location', { ...row, companyId }),
      update: (id, row, baseVersion) =>
        m.update('location', id, withoutId(row), { baseVersion }),
      remove: (id) => m.remove('location', id),
    };
    const contacts: ChildWrites<Contacted> = {
      create: (row) => m.create('contact', { ...row, companyId }),
      update: (id, row, baseVersion) =>
        m.update('contact', id, withoutId(row), { baseVersion }),
      remove: (id) => m.remove('contact', id),
    };
    // Contacts go before the addresses they may point at, and come back after them.
    await removeDropped(data.contacts, stored.contacts, contacts);
    await saveChildren(data.locations, stored.locations, locations);
    await saveChildren(data.contacts, stored.contacts, contacts);
    await removeDropped(data.locations, stored.locations, locations);
  } catch (err) {
    throw new Error(UPDATE_FAILED, { cause: err });
  }
}

/** Deletes the customer (the server removes its addresses, contacts and machines too). */
export async function deleteCustomer(companyId: string, m: Mutator = mutate): Promise<void> {
  try {
    await m.remove('company', companyId);
  } catch (err) {
    throw new Error(DELETE_FAILED, { cause: err });
  }
}

/** The customer's logo (a blob id already stored on the device) or none. */
export async function setCustomerLogo(
  companyId: string,
  logo: string | null,
  m: Mutator = mutate,
): Promise<void> {
  await m.update('company', companyId, { logo });
}
