import { z } from 'zod';
import { normalBrandColor } from '../rules/brand-colors';
import { pipeCodePrefixSchema } from '../rules/hose-code';
import { DEFAULT_REFRESHER_YEARS } from '../rules/competent-person';
import { DEFAULT_INTERVALS } from '../rules/intervals';
import { globalEntity } from './base';
import { changeIntervalSchema, localeSchema } from './enums';
import {
  intField,
  listOf,
  optionalEmail,
  optionalFileRef,
  optionalIsoDate,
  optionalText,
  requiredText,
} from './fields';

/**
 * Rows of the admin areas (docs/architecture.md: users, manufacturers, company settings). All are global:
 * `companyId` is null, and every signed-in user may read them (customers need manufacturer
 * names and the service company's letterhead on reports); only staff edit them.
 */

/**
 * Company settings of the service company itself (docs/api.md; a singleton, companyId null).
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
  /** DGUV intervals a new machine starts with (normal and critical hoses, docs/api.md). */
  defaultDguvInterval: changeIntervalSchema.default(DEFAULT_INTERVALS.dguvInterval),
  defaultDguvIntervalCritical: changeIntervalSchema.default(DEFAULT_INTERVALS.dguvIntervalCritical),
  /**
   * Years after which a competent person's refresher is due (rules/competent-person); the
   * finish screen warns when the inspector's last one is older.
   */
  refresherYears: intField(1).max(10, { error: 'validation:max' }).default(DEFAULT_REFRESHER_YEARS),
  /**
   * A new assembly swapped in keeps its predecessor's code (codes per position) instead of a
   * new one (docs/hose-lifecycle.md).
   */
  codesStayWithPosition: z.boolean({ error: 'validation:required' }).default(false),
});
export const companySettingsSchema = companySettings.row;
export const companySettingsCreateSchema = companySettings.create;
export const companySettingsUpdateSchema = companySettings.update;
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export type CompanySettingsCreate = z.infer<typeof companySettingsCreateSchema>;
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdateSchema>;

/**
 * Manufacturer of machines, aggregates and parts (global). docs/api.md: creation fails on a
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
 * User profile (docs/api.md /profile, admin area /admin/user). Global: staff manage every user.
 * `customerId` links a customer user to their company (null for staff) — a field, not the
 * scope key, so the users list stays one list. Roles stay open strings: the identity provider
 * issues more roles than docs/operations.md names (its default roles, offline_access).
 */
const profile = globalEntity({
  username: requiredText(100),
  firstName: optionalText(),
  lastName: optionalText(),
  email: optionalEmail(),
  roles: listOf(requiredText(100)).default([]),
  customerId: z.uuid({ error: 'validation:format' }).nullable().default(null),
  locale: localeSchema.default('de'),
  /**
   * The competent person's profile (TRBS 1203, docs/dguv-record.md), kept by the office:
   * qualification, training, the day of the last refresher.
   */
  qualification: optionalText(),
  training: optionalText(),
  lastRefresher: optionalIsoDate(),
});
export const profileSchema = profile.row;
export const profileCreateSchema = profile.create;
export const profileUpdateSchema = profile.update;
export type Profile = z.infer<typeof profileSchema>;
export type ProfileCreate = z.infer<typeof profileCreateSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * A profile as `/api/cms/profile` answers it: the row plus its account state. `locked` users
 * are refused on every call; `mustChangePassword` makes the sign-in page ask for a new one
 * (set by an administrator's one-time password, cleared when the user picks their own).
 */
export const profileViewSchema = profileSchema.extend({
  locked: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/**
 * A new username: letters, digits and . _ - @, no spaces — it is typed at every sign-in and
 * shown in lists, where a space would be invisible. Existing names are read as they are.
 */
export const usernameSchema = requiredText(100).regex(/^[\p{L}\p{N}._@-]+$/u, {
  error: 'admin:usernameFormat',
});

/** The shortest password the server accepts (one-time and own ones alike). */
export const PASSWORD_MIN_LENGTH = 8;

/** Who manages the accounts: our embedded provider, or a real Keycloak (its admin console). */
export const identityProviderSchema = z.object({
  embedded: z.boolean(),
  adminConsoleUrl: z.string().nullable(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

/** `GET /api/cms/profile?page&limit&search`. */
export const profileListSchema = z.object({
  data: z.array(profileViewSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  provider: identityProviderSchema,
});
export type ProfileList = z.infer<typeof profileListSchema>;

/**
 * Branding of one customer (docs/architecture.md), set by an administrator and served publicly by
 * `/api/public/config?customer=`. `primaryColor` is a #rrggbb hex colour or one of the offered
 * colour names (rules/brand-colors.ts), stored in lower case; `faviconUrl` an
 * https/relative URL of a PNG, SVG or ICO (also used as the logo).
 */
export const brandingInputSchema = z.object({
  primaryColor: z
    .string()
    .max(20, { error: 'validation:format' })
    .transform((value, ctx) => {
      const color = normalBrandColor(value);
      if (color === null) ctx.addIssue({ code: 'custom', message: 'validation:format' });
      return color ?? value;
    })
    .nullable(),
  faviconUrl: z
    .string()
    .trim()
    .max(500, { error: 'validation:maxLength' })
    .regex(/^(https:\/\/|\/)[^\s]*\.(png|svg|ico)(\?[^\s]*)?$/i, { error: 'validation:format' })
    .nullable(),
});
export type BrandingInput = z.infer<typeof brandingInputSchema>;
