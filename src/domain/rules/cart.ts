/**
 * An empty cart: docs/api.md keeps a company's cart as its order in state NEW (one per customer and
 * location). The server and the device (offline adds) make it the same way, from this one place.
 */
import { uuidv7 } from '../ids';
import type { Order } from '../schemas/order';

export function newCart(companyId: string, locationId: string, now: string, id = uuidv7()): Order {
  return {
    id,
    version: 1,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    companyId,
    locationId,
    state: 'NEW',
    trackingLink: null,
    deliveryNoteFileId: null,
    contactId: null,
    paymentType: 'INVOICE',
    deliveryAddressId: null,
    invoiceAddressId: null,
    submittedAt: null,
    acceptedTerms: false,
    acceptedPrivacy: false,
    comment: null,
    stateHistory: [],
  };
}
