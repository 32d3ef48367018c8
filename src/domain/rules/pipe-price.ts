/**
 * Prices a hose assembly (a pipe) from the shop catalogue with rules/prices: the hose by the
 * pipe's product or by nominal size and pressure, the fittings by type and size, protection
 * sleeve and rope when the pipe has them, plus the company's assembly surcharge. The server
 * prices cart lines with it and the device shows the same price offline from the
 * synced catalogue. A part without a matching product is docs/api.md's 'no matching hose in the
 * assortment'; the result names that part.
 */
import type { Fitting, Pipe } from '../schemas/pipe';
import type { AccessoryType, Product } from '../schemas/product';
import { assemblyPrice, type AssemblyPrice } from './prices';

export interface PricedLine extends AssemblyPrice {
  name: string;
  hose: Product;
}

const byPrice = (a: Product, b: Product) => a.priceCents - b.priceCents || a.id.localeCompare(b.id);

/** Products fitting the pipe's size: an exact DN first, size-independent ones after. */
function bestForSize(candidates: Product[], dn: number | null): Product | undefined {
  const exact = candidates.filter((p) => dn !== null && p.dn === dn).sort(byPrice);
  const generic = candidates.filter((p) => p.dn === null).sort(byPrice);
  return exact[0] ?? generic[0];
}

/**
 * The hose: the pipe's own product if it is still offered, else the hose of the same DN whose
 * pressure rating is the lowest that still covers the pipe's maxPn (then the cheapest).
 */
export function matchHose(pipe: Pipe, products: readonly Product[]): Product | undefined {
  const own = products.find((p) => p.id === pipe.productId && p.kind === 'HOSE');
  if (own) return own;
  if (pipe.dn === null) return undefined;
  const need = pipe.maxPn;
  return products
    .filter(
      (p) =>
        p.kind === 'HOSE' &&
        p.dn === pipe.dn &&
        (need === null || p.maxPn === null || p.maxPn >= need),
    )
    .sort((a, b) => (a.maxPn ?? Infinity) - (b.maxPn ?? Infinity) || byPrice(a, b))[0];
}

export function matchFitting(
  fitting: Fitting | null,
  dn: number | null,
  products: readonly Product[],
): Product | undefined {
  if (!fitting?.type) return undefined;
  const type = fitting.type;
  return bestForSize(
    products.filter((p) => p.kind === 'FITTING' && p.fittingType === type),
    dn,
  );
}

export function matchAccessory(
  accessory: AccessoryType,
  dn: number | null,
  products: readonly Product[],
): Product | undefined {
  return bestForSize(
    products.filter((p) => p.kind === 'ACCESSORY' && p.accessory === accessory),
    dn,
  );
}

export type PipePriceResult =
  | { ok: true; line: PricedLine }
  | {
      ok: false;
      missing: 'dn' | 'length' | 'fittingLeft' | 'fittingRight' | 'withProtection' | 'withRope';
    };

const missing = (part: Extract<PipePriceResult, { ok: false }>['missing']): PipePriceResult => ({
  ok: false,
  missing: part,
});

/** Price of one assembly of `pipe`, or the part that has no product in the catalogue. */
export function pipePrice(
  pipe: Pipe,
  products: readonly Product[],
  assemblySurchargeCents: number,
): PipePriceResult {
  const hose = matchHose(pipe, products);
  if (!hose || pipe.length === null) return missing(hose ? 'length' : 'dn');
  const dn = pipe.dn ?? hose.dn;
  const fittingLeft = matchFitting(pipe.fittingLeft, dn, products);
  if (!fittingLeft) return missing('fittingLeft');
  const fittingRight = matchFitting(pipe.fittingRight, dn, products);
  if (!fittingRight) return missing('fittingRight');
  const protection = pipe.withProtection ? matchAccessory('PROTECTION', dn, products) : null;
  if (protection === undefined) return missing('withProtection');
  const rope = pipe.withRope ? matchAccessory('ROPE', dn, products) : null;
  if (rope === undefined) return missing('withRope');
  const price = assemblyPrice({
    hose,
    lengthMm: pipe.length,
    fittingLeft,
    fittingRight,
    protection,
    rope,
    assemblySurchargeCents,
  });
  const name = `${pipe.code} · ${hose.name} · ${pipe.length} mm`;
  return { ok: true, line: { ...price, hose, name } };
}
