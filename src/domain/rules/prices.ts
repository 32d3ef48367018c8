import type { ProductUnitType } from '../schemas/enums';

/**
 * Prices of configured hose assemblies (docs/sync.md: integer cents, net). Every amount is an
 * integer; the only division is metre price × length in mm / 1000, done once over the sum of
 * all per-metre prices and rounded half up to a cent — so a hose and its protection sleeve
 * (both priced per metre) are rounded together, never twice.
 */

export interface PricedProduct {
  /** METER: per metre; PIECE: per piece. */
  unit: ProductUnitType;
  priceCents: number;
}

export interface AssemblyInput {
  hose: PricedProduct;
  /** Hose length in mm (docs/api.md). */
  lengthMm: number;
  fittingLeft?: PricedProduct | null;
  fittingRight?: PricedProduct | null;
  /** Protection sleeve, normally per metre over the whole hose length. */
  protection?: PricedProduct | null;
  /** Safety rope, normally per piece. */
  rope?: PricedProduct | null;
  assemblySurchargeCents: number;
}

export interface AssemblyPrice {
  /** The per-metre products over the hose length, rounded once. */
  lengthCents: number;
  /** The per-piece products. */
  pieceCents: number;
  assemblySurchargeCents: number;
  /** Net price of one assembly: the three above. */
  unitNetCents: number;
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer, got ${value}`);
  }
}

/** `numerator / 1000` rounded half up, in integers only (numerator ≥ 0). */
export function roundPerMille(numerator: number): number {
  assertCents(numerator, 'amount');
  let whole = Math.floor(numerator / 1000);
  let rest = numerator - whole * 1000;
  // Near 2^53 the float quotient can round up to the next integer; correct it exactly.
  if (rest < 0) {
    whole -= 1;
    rest += 1000;
  }
  return rest >= 500 ? whole + 1 : whole;
}

/** Price of one assembly; throws on a non-integer or negative price or length. */
export function assemblyPrice(input: AssemblyInput): AssemblyPrice {
  assertCents(input.lengthMm, 'lengthMm');
  assertCents(input.assemblySurchargeCents, 'assemblySurchargeCents');
  const products = [
    input.hose,
    input.fittingLeft,
    input.fittingRight,
    input.protection,
    input.rope,
  ];
  let perMetre = 0;
  let pieceCents = 0;
  for (const product of products) {
    if (!product) continue;
    assertCents(product.priceCents, 'priceCents');
    if (product.unit === 'METER') perMetre += product.priceCents;
    else pieceCents += product.priceCents;
  }
  const lengthCents = roundPerMille(perMetre * input.lengthMm);
  return {
    lengthCents,
    pieceCents,
    assemblySurchargeCents: input.assemblySurchargeCents,
    unitNetCents: lengthCents + pieceCents + input.assemblySurchargeCents,
  };
}

/** Line total = unit price × quantity (quantity a whole number ≥ 1). */
export function lineTotalCents(unitNetCents: number, quantity: number): number {
  assertCents(unitNetCents, 'unitNetCents');
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`quantity must be an integer ≥ 1, got ${quantity}`);
  }
  const total = unitNetCents * quantity;
  assertCents(total, 'line total');
  return total;
}

/**
 * The assembly surcharge within a line's total: the per-assembly surcharge × quantity, so that
 * "of which assembly surcharge" under a 3× line is three surcharges, like its total.
 */
export function lineSurchargeCents(line: { assemblySurchargeCents: number; quantity: number }) {
  return lineTotalCents(line.assemblySurchargeCents, line.quantity);
}

/** The assembly surcharge within an order's total: the sum of its lines' surcharges. */
export function orderSurchargeCents(
  lines: Iterable<{ assemblySurchargeCents: number; quantity: number }>,
): number {
  let sum = 0;
  for (const line of lines) sum += lineSurchargeCents(line);
  return sum;
}

/** Order total = sum of its line totals. */
export function orderTotalCents(lines: Iterable<{ totalNetCents: number }>): number {
  let sum = 0;
  for (const line of lines) {
    assertCents(line.totalNetCents, 'totalNetCents');
    sum += line.totalNetCents;
  }
  assertCents(sum, 'order total');
  return sum;
}

/** Cents as a decimal string for display and PDFs ('1234' → '12.34'); no float rounding. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
