import { describe, expect, it } from 'vitest';
import { decimalMarkOf, formatMoneyInput, parseMoney } from './money';

const cents = (text: string, language: string) => parseMoney(text, decimalMarkOf(language));

describe('parseMoney in the language format', () => {
  it.each([
    ['12,50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['0,29', 29],
    ['1.234,5', 123450],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1.500', 150000],
    ['2.345.678,90', 234567890],
    ['1 234,50 €', 123450],
    ['6,84', 684],
  ])('German and French read %s as %i cents', (text, expected) => {
    expect(cents(text, 'de')).toEqual({ ok: true, cents: expected });
    expect(cents(text, 'fr')).toEqual({ ok: true, cents: expected });
  });

  it.each([
    ['12.50', 1250],
    ['1,234.50', 123450],
    ['1,500', 150000],
    ['0.29', 29],
  ])('English reads %s as %i cents', (text, expected) => {
    expect(cents(text, 'en-GB')).toEqual({ ok: true, cents: expected });
  });

  it.each(['12,345', '0,001', '6,845', '1.234,567'])(
    'refuses %s in German: more than two decimals, never a thousands group',
    (text) => {
      expect(cents(text, 'de')).toEqual({ ok: false, message: 'validation:moneyDecimals' });
    },
  );

  it('refuses three decimals in English too', () => {
    expect(cents('12.345', 'en-GB')).toEqual({ ok: false, message: 'validation:moneyDecimals' });
  });

  it.each(['abc', '12.50', '1.23,45', '12,3,4', '1.2.3', '12€50'])(
    'refuses %j in German as not an amount',
    (text) => {
      expect(cents(text, 'de')).toEqual({ ok: false, message: 'validation:moneyFormat' });
    },
  );

  it('refuses negative amounts and empty text', () => {
    expect(cents('-5', 'de')).toEqual({ ok: false, message: 'validation:moneyNegative' });
    expect(cents(' ', 'de')).toEqual({ ok: false, message: 'validation:required' });
  });

  it('writes cents back in the typed format', () => {
    expect(formatMoneyInput(123456, ',')).toBe('1234,56');
    expect(formatMoneyInput(5, '.')).toBe('0.05');
    expect(parseMoney(formatMoneyInput(98765, ','), ',')).toEqual({ ok: true, cents: 98765 });
  });
});
