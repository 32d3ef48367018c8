/**
 * Saving the customer form through `mutate` (offline first): the company first, then its
 * addresses (before the contacts that may point at them), then the contacts. Editing diffs
 * against the rows the form was opened with: changed rows are updated (only the changed
 * fields are sent), new ones created, removed ones deleted — contacts before addresses.
 * A failure is reported with docs/api.md's customer create/update messages (i18n keys, which the
 * form's snack translates).
 */
import { mutate } from '../../sync';
import type { CustomerFormOutput, StoredCustomer } from './customer-form-schema';

type Located = CustomerFormOutput['locations'][number];
type Contacted = CustomerFormOutput['contacts'][number];

const CREATE_FAILED = 'customers:errors.createFailed';
const UPDATE_FAILED = 'customers:errors.updateFailed';
const DELETE_FAILED = 'customers:errors.deleteFailed';

/** Creates the customer with its addresses and contacts; returns the new customer's id. */
export async function createCustomer(data: CustomerFormOutput): Promise<string> {
  try {
    const company = await mutate.create('company', data.company);
    for (const location of data.locations) {
      await mutate.create('location', { ...location, companyId: company.id });
    }
    for (const contact of data.contacts) {
      await mutate.create('contact', { ...contact, companyId: company.id });
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
): Promise<void> {
  const { company } = stored;
  try {
    await mutate.update('company', company.id, data.company, { baseVersion: company.version });
    const companyId = company.id;
    const locations: ChildWrites<Located> = {
      create: (row) => mutate.create('location', { ...row, companyId }),
      update: (id, row, baseVersion) =>
        mutate.update('location', id, withoutId(row), { baseVersion }),
      remove: (id) => mutate.remove('location', id),
    };
    const contacts: ChildWrites<Contacted> = {
      create: (row) => mutate.create('contact', { ...row, companyId }),
      update: (id, row, baseVersion) =>
        mutate.update('contact', id, withoutId(row), { baseVersion }),
      remove: (id) => mutate.remove('contact', id),
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
export async function deleteCustomer(companyId: string): Promise<void> {
  try {
    await mutate.remove('company', companyId);
  } catch (err) {
    throw new Error(DELETE_FAILED, { cause: err });
  }
}
