/** Rows as the server syncs them, for this feature's component tests (not used by the app). */
import { getDatabase } from '@db/database';
import { entityTable } from '@db/entity-repository';
import type { OrderState } from '@domain/schemas/enums';
import type { OrderItemRow, OrderRow } from './data/order-queries';

export const COMPANY = '01936b2e-0000-7000-8000-00000000c001';
export const MAIN = '01936b2e-0001-7000-8000-000000000001';
export const DELIVERY = '01936b2e-0001-7000-8000-000000000002';
export const CONTACT = '01936b2e-0002-7000-8000-000000000001';
const T = '2026-03-02T09:30:00.000Z';
const base = { version: 1, createdAt: T, updatedAt: T, deletedAt: null };

export async function seedCompany() {
  const db = getDatabase();
  await entityTable(db, 'company').put({
    ...base,
    id: COMPANY,
    companyId: COMPANY,
    name: 'Muster Hydraulik GmbH',
  } as never);
  await entityTable(db, 'location').bulkPut([
    {
      ...base,
      id: MAIN,
      companyId: COMPANY,
      street: 'Werkstraße',
      houseNumber: '5',
      zip: '44149',
      city: 'Dortmund',
      type: 'MAIN',
    },
    {
      ...base,
      id: DELIVERY,
      companyId: COMPANY,
      street: 'Hafenweg',
      zip: '45881',
      city: 'Essen',
      type: 'DELIVERY',
    },
  ] as never);
  await entityTable(db, 'contact').put({
    ...base,
    id: CONTACT,
    companyId: COMPANY,
    firstName: 'Karl',
    lastName: 'Kunde',
  } as never);
}

let n = 0;
export async function seedOrder(state: OrderState, extra: Partial<OrderRow> = {}) {
  n += 1;
  const id = `01936b2e-0009-7000-8000-${String(n).padStart(12, '0')}`;
  const submitted = state === 'NEW' ? null : T;
  const order: OrderRow = {
    ...base,
    id,
    companyId: COMPANY,
    locationId: MAIN,
    state,
    trackingLink: null,
    deliveryNoteFileId: null,
    contactId: submitted ? CONTACT : null,
    paymentType: 'INVOICE',
    deliveryAddressId: submitted ? DELIVERY : null,
    invoiceAddressId: submitted ? MAIN : null,
    submittedAt: submitted,
    acceptedTerms: Boolean(submitted),
    acceptedPrivacy: Boolean(submitted),
    comment: null,
    stateHistory: submitted ? [{ state: 'APPROVAL_PENDING', at: T }] : [],
    ...extra,
  };
  const line = (i: number, quantity: number): OrderItemRow => ({
    ...base,
    id: `01936b2e-0010-7000-8000-${String(n * 10 + i).padStart(12, '0')}`,
    companyId: COMPANY,
    orderId: id,
    pipeId: `01936b2e-0003-7000-8000-00000000000${i}`,
    quantity,
    name: `Schlauchleitung DN${i * 6}`,
    unitNetCents: 4550,
    assemblySurchargeCents: 1200,
    totalNetCents: 4550 * quantity,
    kind: null,
    replacesPipeId: null,
    installedPipeId: null,
  });
  const db = getDatabase();
  await entityTable(db, 'order').put(order);
  await entityTable(db, 'orderItem').bulkPut([line(1, 2), line(2, 1)]);
  return order;
}

export async function clearDatabase() {
  const db = getDatabase();
  await Promise.all(db.tables.map((t) => t.clear()));
}
