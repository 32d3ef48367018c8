import { z } from 'zod';
import { pipeCodePrefixSchema } from '../rules/hose-code';
import { globalEntity } from './base';
import { localeSchema } from './enums';
import {
  intField,
  listOf,
  optionalEmail,
  optionalFileRef,
  optionalText,
  requiredText,
} from './fields';

/**
 * Rows of the admin areas (SPEC §1: users, manufacturers, company settings). All are global:
 * `companyId` is null, and every signed-in user may read them (customers need manufacturer
 * names and the service company's letterhead on reports); only staff edit them.
 */

/**
 * Company settings of the service company itself (SPEC §3; a singleton, companyId null).
 * `houseNr` is spelled so here, unlike a location's `houseNumber`. `assemblySurchargeCents`
 * (net, per hose assembly) feeds rules/prices, since SPEC lists an assembly surcharge on
 * every cart and order line without saying where it is set.
 */
const companySettings = globalEntity({
  name: requiredText(),
  street: optionalText(),
  houseNr: optionalText(20),
  zip: optionalText(20),
  city: optionalText(),
  logo: optionalFileRef(),
  /** Prefix of generated hose codes (rules/hose-code). */
  pipeCodePrefix: pipeCodePrefixSchema,
  assemblySurchargeCents: intField().default(0),
});
export const companySettingsSchema = companySettings.row;
export const companySettingsCreateSchema = companySettings.create;
export const companySettingsUpdateSchema = companySettings.update;
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export type CompanySettingsCreate = z.infer<typeof companySettingsCreateSchema>;
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdateSchema>;

/**
 * Manufacturer of machines, aggregates and parts (global). SPEC §5: creation fails on a
 * duplicate entry — checked by the server against existing names, see `isDuplicateName`.
 */
const manufacturer = globalEntity({
  name: requiredText(),
});
export const manufacturerSchema = manufacturer.row;
export const manufacturerCreateSchema = manufacturer.create;
export const manufacturerUpdateSchema = manufacturer.update;
export type Manufacturer = z.infer<typeof manufacturerSchema>;
export type ManufacturerCreate = z.infer<typeof manufacturerCreateSchema>;
export type ManufacturerUpdate = z.infer<typeof manufacturerUpdateSchema>;

/** Duplicate manufacturer names differ at most in case and surrounding spaces. */
export function isDuplicateName(
  name: string,
  existing: Iterable<{ id: string; name: string; deletedAt?: string | null }>,
  exceptId?: string,
): boolean {
  const wanted = name.trim().toLowerCase();
  for (const row of existing) {
    if (row.id !== exceptId && !row.deletedAt && row.name.trim().toLowerCase() === wanted) {
      return true;
    }
  }
  return false;
}

/**
 * User profile (SPEC §7 /profile, admin area /admin/user). Global: staff manage every user.
 * `customerId` links a customer user to their company (null for staff) — a field, not the
 * scope key, so the users list stays one list. Roles stay open strings: the identity provider
 * issues more roles than SPEC §6 names (its default roles, offline_access).
 */
const profile = globalEntity({
  username: requiredText(100),
  firstName: optionalText(),
  lastName: optionalText(),
  email: optionalEmail(),
  roles: listOf(requiredText(100)).default([]),
  customerId: z.uuid({ error: 'validation:format' }).nullable().default(null),
  locale: localeSchema.default('de'),
});
export const profileSchema = profile.row;
export const profileCreateSchema = profile.create;
export const profileUpdateSchema = profile.update;
export type Profile = z.infer<typeof profileSchema>;
export type ProfileCreate = z.infer<typeof profileCreateSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
