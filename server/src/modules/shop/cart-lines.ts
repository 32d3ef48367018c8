/**
 * Building blocks of cart writes: the price inputs read once per transaction, a line's frozen
 * price fields, and a new empty cart row.
 */
import { randomUUID } from 'node:crypto';
import { lineTotalCents } from '../../../../src/domain/rules/prices';
import type { Order, OrderItem } from '../../../../src/domain/schemas/order';
import type { Pipe } from '../../../../src/domain/schemas/pipe';
import type { Product } from '../../../../src/domain/schemas/product';
import type { CmsKysely } from '../../cms/rows';
import { pricePipe } from './pricing';
import { activeProducts, companySettings } from './shop.repository';

export interface Pricing {
  products: Product[];
  assemblySurchargeCents: number;
}

export async function loadPricing(db: CmsKysely): Promise<Pricing> {
  const [products, settings] = await Promise.all([activeProducts(db), companySettings(db)]);
  return { products, assemblySurchargeCents: settings?.assemblySurchargeCents ?? 0 };
}

export type LinePrice = Pick<
  OrderItem,
  'name' | 'unitNetCents' | 'assemblySurchargeCents' | 'totalNetCents'
>;

/** The price fields of a line of `quantity` assemblies of `pipe` (throws the 422). */
export function linePrice(pipe: Pipe, pricing: Pricing, quantity: number): LinePrice {
  const price = pricePipe(pipe, pricing.products, pricing.assemblySurchargeCents);
  return {
    name: price.name,
    unitNetCents: price.unitNetCents,
    assemblySurchargeCents: price.assemblySurchargeCents,
    totalNetCents: lineTotalCents(price.unitNetCents, quantity),
  };
}

/** An empty cart of a customer at a location (an order in state NEW). */
export function newCart(companyId: string, locationId: string, now: string): Order {
  return {
    id: randomUUID(),
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
  };
}
