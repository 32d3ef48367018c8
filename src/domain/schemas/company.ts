import { z } from 'zod';
import { companyEntity, selfScopedEntity } from './base';
import { addressTypeSchema, industrySchema } from './enums';
import {
  idField,
  optionalEmail,
  optionalFileRef,
  optionalIdField,
  optionalMeasure,
  optionalPhone,
  optionalText,
  postcodeField,
  requiredText,
} from './fields';

/**
 * Customer (docs/api.md "Company/customer"). Its locations and contacts are rows of their own that
 * point back by `companyId`; SPEC's nested `addresses` list is that relation, not a field.
 */
const company = selfScopedEntity({
  name: requiredText(),
  /** VAT identification number. */
  taxident: optionalText(50),
  customerNumber: optionalText(50),
  industry: industrySchema.nullable().default('HYDRAULIC'),
  phone: optionalPhone(),
  email: optionalEmail(),
  /** Logo image (file reference), also used for per-customer branding. */
  logo: optionalFileRef(),
});
export const companySchema = company.row;

/**
 * A customer number already given to another live customer (compared without case and
 * surrounding spaces); an empty number is never taken. Customer numbers find a customer in
 * the office's other systems, so two customers must not share one.
 */
export function customerNumberTaken(
  customerNumber: string | null | undefined,
  companies: Iterable<{ id: string; customerNumber?: string | null; deletedAt?: string | null }>,
  exceptId: string | null,
): boolean {
  const wanted = (customerNumber ?? '').trim().toLowerCase();
  if (wanted === '') return false;
  for (const c of companies) {
    if (c.id === exceptId || c.deletedAt) continue;
    if ((c.customerNumber ?? '').trim().toLowerCase() === wanted) return true;
  }
  return false;
}
export const companyCreateSchema = company.create;
export const companyUpdateSchema = company.update;
export type Company = z.infer<typeof companySchema>;
export type CompanyCreate = z.infer<typeof companyCreateSchema>;
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

/**
 * Location / address of a customer (docs/api.md "locations"); `companyId` carries the customer
 * relation. Machines, carts and orders refer to it as their location or delivery/invoice
 * address.
 */
const location = companyEntity({
  street: requiredText(),
  houseNumber: optionalText(20),
  zip: postcodeField(),
  city: requiredText(),
  addition: optionalText(),
  /** Travel distance from the service company, km (docs/api.md). */
  distance: optionalMeasure(),
  type: addressTypeSchema.default('MAIN'),
});
export const locationSchema = location.row;
export const locationCreateSchema = location.create;
export const locationUpdateSchema = location.update;
export type Location = z.infer<typeof locationSchema>;
export type LocationCreate = z.infer<typeof locationCreateSchema>;
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;

/**
 * Contact person of a customer; `companyId` carries the customer relation, `locationId` SPEC's
 * optional "location" (null: for the whole customer).
 */
const contact = companyEntity({
  firstName: optionalText(),
  lastName: requiredText(),
  phone: optionalPhone(),
  email: optionalEmail(),
  position: optionalText(),
  locationId: optionalIdField(),
});
export const contactSchema = contact.row;
export const contactCreateSchema = contact.create;
export const contactUpdateSchema = contact.update;
export type Contact = z.infer<typeof contactSchema>;
export type ContactCreate = z.infer<typeof contactCreateSchema>;
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

/**
 * The selected customer and address kept in a cookie (docs/api.md); null location = "all
 * locations" (docs/architecture.md: select active customer and location, all or one).
 */
export const customerSelectionSchema = z.object({
  companyId: idField(),
  locationId: optionalIdField(),
});
export type CustomerSelection = z.infer<typeof customerSelectionSchema>;
