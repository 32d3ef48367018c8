import { z } from 'zod';
import type { MessageKey } from '../messages';
import { globalEntity } from './base';
import { fittingTypeSchema, productUnitTypeSchema } from './enums';
import { booleanField, intField, optionalInt, optionalMeasure, requiredText } from './fields';

/**
 * Shop product (admin area /admin/shop/product-list; global rows). The hose configurator
 * (docs/architecture.md) picks a hose, a left and a right fitting and accessories from these; rules/prices
 * turns them into a line price.
 */
export const PRODUCT_KIND = ['HOSE', 'FITTING', 'ACCESSORY'] as const;
export const productKindSchema = z.enum(PRODUCT_KIND, { error: 'validation:required' });
export type ProductKind = z.infer<typeof productKindSchema>;

/** Configurator accessories: a protection sleeve or a safety rope. */
export const ACCESSORY_TYPE = ['PROTECTION', 'ROPE'] as const;
export const accessoryTypeSchema = z.enum(ACCESSORY_TYPE, { error: 'validation:required' });
export type AccessoryType = z.infer<typeof accessoryTypeSchema>;

/** Article numbers are what the price list (CSV) matches on, so they are short and unique. */
export const ARTICLE_NUMBER_MAX = 64;

const product = globalEntity({
  /** The office's own article number; unique among live products (case-insensitive). */
  articleNumber: requiredText(ARTICLE_NUMBER_MAX),
  name: requiredText(),
  /** METER: `priceCents` is per metre; PIECE: per piece. */
  unit: productUnitTypeSchema,
  kind: productKindSchema,
  /** Nominal size the product fits (hoses and fittings); null for size-independent items. */
  dn: optionalInt(),
  maxPn: optionalMeasure(), // bar
  /** Set on fittings only. */
  fittingType: fittingTypeSchema.nullable().default(null),
  /** Set on accessories only. */
  accessory: accessoryTypeSchema.nullable().default(null),
  /** Net price in cents (docs/sync.md: money is integer cents, excluding VAT). */
  priceCents: intField(),
  /** Inactive products stay for old orders but are not offered. */
  active: booleanField().default(true),
});
export const productSchema = product.row;
export const productCreateSchema = product.create;
export const productUpdateSchema = product.update;
export type Product = z.infer<typeof productSchema>;
export type ProductCreate = z.infer<typeof productCreateSchema>;
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** The fields the kind rule looks at. */
export type ProductKindFields = Pick<
  Product,
  'kind' | 'unit' | 'dn' | 'maxPn' | 'fittingType' | 'accessory'
>;

export interface ProductIssue {
  field: keyof ProductKindFields;
  message: MessageKey;
}

/**
 * THE rule of which fields a product kind needs (the server, the product form and
 * the CSV import all call it):
 * - a HOSE is sold per metre and needs its nominal size (DN) and pressure rating (PN) — the
 *   pricing matches hoses to pipes by both;
 * - a FITTING is sold per piece and needs its fitting type (docs/api.md); DN is optional
 *   (size-independent fittings match every hose);
 * - an ACCESSORY needs its accessory type (protection sleeve or safety rope);
 * - nothing but a fitting carries a fitting type, nothing but an accessory an accessory type.
 * The rule lives beside the schema rather than in a `.superRefine` on it because zod refuses
 * `.partial()`/`.omit()` on refined objects, which the update and PUT schemas are built with.
 * Returns every issue (empty: the product fits its kind).
 */
export function productKindIssues(p: ProductKindFields): ProductIssue[] {
  const issues: ProductIssue[] = [];
  const add = (field: ProductIssue['field'], message: MessageKey) =>
    issues.push({ field, message });
  if (p.kind === 'HOSE') {
    if (p.unit !== 'METER') add('unit', 'products:ruleHoseUnit');
    if (p.dn === null || p.dn === undefined) add('dn', 'products:ruleHoseDn');
    if (p.maxPn === null || p.maxPn === undefined) add('maxPn', 'products:ruleHosePn');
  }
  if (p.kind === 'FITTING') {
    if (p.unit !== 'PIECE') add('unit', 'products:ruleFittingUnit');
    if (!p.fittingType) add('fittingType', 'products:ruleFittingType');
  } else if (p.fittingType) add('fittingType', 'products:ruleOnlyFittings');
  if (p.kind === 'ACCESSORY') {
    if (!p.accessory) add('accessory', 'products:ruleAccessoryType');
  } else if (p.accessory) add('accessory', 'products:ruleOnlyAccessories');
  return issues;
}

/** Adds the kind rule's issues to a zod refinement context (forms and import rows). */
export function refineProductKind(p: ProductKindFields, ctx: z.RefinementCtx): void {
  for (const issue of productKindIssues(p)) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
  }
}

/**
 * A whole product as the server stores it, checked against its kind: the create schema
 * refined by the kind rule (used on a create and on the merged row of every update).
 */
export const productWholeSchema = productCreateSchema.superRefine(refineProductKind);

/** Same article number (trimmed, case-insensitive) — the price list's key. */
export const sameArticleNumber = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** Products the configurator may offer for a given slot. */
export function productsFor<T extends Pick<Product, 'kind' | 'active' | 'dn' | 'deletedAt'>>(
  products: readonly T[],
  kind: ProductKind,
  dn?: number | null,
): T[] {
  return products.filter(
    (p) =>
      p.kind === kind &&
      p.active &&
      !p.deletedAt &&
      (dn === undefined || dn === null || p.dn === null || p.dn === dn),
  );
}
