import { describe, expect, it } from 'vitest';
import {
  assemblyPrice,
  centsToDecimal,
  lineSurchargeCents,
  lineTotalCents,
  orderSurchargeCents,
  orderTotalCents,
  roundPerMille,
} from './prices';

const perMetre = (priceCents: number) => ({ unit: 'METER' as const, priceCents });
const perPiece = (priceCents: number) => ({ unit: 'PIECE' as const, priceCents });

describe('roundPerMille', () => {
  it('rounds half up at the cent', () => {
    expect(roundPerMille(0)).toBe(0);
    expect(roundPerMille(499)).toBe(0);
    expect(roundPerMille(500)).toBe(1);
    expect(roundPerMille(1499)).toBe(1);
    expect(roundPerMille(1500)).toBe(2);
    expect(roundPerMille(2500)).toBe(3);
  });

  it('stays exact near the safe-integer limit', () => {
    expect(roundPerMille(Number.MAX_SAFE_INTEGER)).toBe(9007199254741);
    expect(roundPerMille(9007199254740499)).toBe(9007199254740);
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => roundPerMille(-1)).toThrow(RangeError);
    expect(() => roundPerMille(1.5)).toThrow(RangeError);
  });
});

describe('assemblyPrice', () => {
  it('prices hose by length, fittings per piece, plus surcharge', () => {
    // 1234 ct/m × 1.5 m = 1851 ct; 2 × 350 ct fittings; 500 ct surcharge.
    expect(
      assemblyPrice({
        hose: perMetre(1234),
        lengthMm: 1500,
        fittingLeft: perPiece(350),
        fittingRight: perPiece(350),
        assemblySurchargeCents: 500,
      }),
    ).toEqual({
      lengthCents: 1851,
      pieceCents: 700,
      assemblySurchargeCents: 500,
      unitNetCents: 3051,
    });
  });

  it('rounds half up exactly at half a cent and down just below', () => {
    // 999 × 500 / 1000 = 499.5 → 500; 999 × 499 / 1000 = 498.501 → 499; 1 × 499 / 1000 → 0.
    expect(
      assemblyPrice({ hose: perMetre(999), lengthMm: 500, assemblySurchargeCents: 0 }).unitNetCents,
    ).toBe(500);
    expect(
      assemblyPrice({ hose: perMetre(999), lengthMm: 499, assemblySurchargeCents: 0 }).unitNetCents,
    ).toBe(499);
    expect(
      assemblyPrice({ hose: perMetre(1), lengthMm: 499, assemblySurchargeCents: 0 }).unitNetCents,
    ).toBe(0);
    expect(
      assemblyPrice({ hose: perMetre(1), lengthMm: 500, assemblySurchargeCents: 0 }).unitNetCents,
    ).toBe(1);
  });

  it('prices protection per metre with the hose (one rounding) and rope per piece', () => {
    // (101 + 101) ct/m × 5 mm = 1.01 ct → 1; rounding each apart would give 0.505 + 0.505 → 2.
    const tiny = assemblyPrice({
      hose: perMetre(101),
      lengthMm: 5,
      protection: perMetre(101),
      rope: perPiece(799),
      assemblySurchargeCents: 0,
    });
    expect(tiny).toEqual({
      lengthCents: 1,
      pieceCents: 799,
      assemblySurchargeCents: 0,
      unitNetCents: 800,
    });
    const full = assemblyPrice({
      hose: perMetre(2000),
      lengthMm: 800,
      protection: perMetre(450),
      rope: perPiece(1200),
      fittingLeft: null,
      assemblySurchargeCents: 250,
    });
    expect(full.unitNetCents).toBe(1960 + 1200 + 250);
  });

  it('refuses fractional or negative inputs instead of guessing', () => {
    expect(() =>
      assemblyPrice({ hose: perMetre(10.5), lengthMm: 1000, assemblySurchargeCents: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      assemblyPrice({ hose: perMetre(10), lengthMm: 100.5, assemblySurchargeCents: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      assemblyPrice({ hose: perMetre(10), lengthMm: 1000, assemblySurchargeCents: -1 }),
    ).toThrow(RangeError);
  });
});

describe('totals', () => {
  it('multiplies unit by quantity and sums lines', () => {
    expect(lineTotalCents(3051, 3)).toBe(9153);
    expect(orderTotalCents([{ totalNetCents: 9153 }, { totalNetCents: 47 }])).toBe(9200);
    expect(orderTotalCents([])).toBe(0);
  });

  it('counts the assembly surcharge of a line once per assembly, like its total', () => {
    expect(lineSurchargeCents({ assemblySurchargeCents: 1250, quantity: 3 })).toBe(3750);
    expect(
      orderSurchargeCents([
        { assemblySurchargeCents: 1250, quantity: 3 },
        { assemblySurchargeCents: 1250, quantity: 1 },
      ]),
    ).toBe(5000);
    expect(orderSurchargeCents([])).toBe(0);
  });

  it('refuses quantities below one or fractional', () => {
    expect(() => lineTotalCents(100, 0)).toThrow(RangeError);
    expect(() => lineTotalCents(100, 1.5)).toThrow(RangeError);
  });

  it('prints cents without float rounding', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-1999)).toBe('-19.99');
  });
});
