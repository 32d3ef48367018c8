import { z } from 'zod';
import { globalEntity } from './base';
import { fittingTypeSchema, productUnitTypeSchema } from './enums';
import { booleanField, intField, optionalInt, optionalMeasure, requiredText } from './fields';

/**
 * Shop product (admin area /admin/shop/product-list; global rows). The hose configurator
 * (SPEC §2) picks a hose, a left and a right fitting and accessories from these; rules/prices
 * turns them into a line price.
 */
export const PRODUCT_KIND = ['HOSE', 'FITTING', 'ACCESSORY'] as const;
export const productKindSchema = z.enum(PRODUCT_KIND, { error: 'validation:required' });
export type ProductKind = z.infer<typeof productKindSchema>;

/** Configurator accessories: a protection sleeve or a safety rope. */
export const ACCESSORY_TYPE = ['PROTECTION', 'ROPE'] as const;
export const accessoryTypeSchema = z.enum(ACCESSORY_TYPE, { error: 'validation:required' });
export type AccessoryType = z.infer<typeof accessoryTypeSchema>;

const product = globalEntity({
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
  /** Net price in cents (DESIGN §3: money is integer cents, excluding VAT). */
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

/**
 * Cross-field rules of a product, kept out of the schema so that `.partial()`-style updates
 * stay possible (zod refuses them on refined objects): fittings need a fitting type,
 * accessories an accessory type, and nothing else may carry either. Returns the fields at
 * fault (empty: consistent); forms show 'validation:required' on them.
 */
export function productInconsistencies(
  p: Pick<Product, 'kind' | 'fittingType' | 'accessory'>,
): Array<'fittingType' | 'accessory'> {
  const faults: Array<'fittingType' | 'accessory'> = [];
  if ((p.kind === 'FITTING') !== (p.fittingType !== null)) faults.push('fittingType');
  if ((p.kind === 'ACCESSORY') !== (p.accessory !== null)) faults.push('accessory');
  return faults;
}

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
