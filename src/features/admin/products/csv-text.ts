/**
 * Euro amounts in the price list's CSV: written with a decimal comma or point, read in either
 * style. The CSV text itself is lib/export/csv.
 */

/** Cents as a euro amount with a decimal comma ('1234,50') or point ('1234.50'), no grouping. */
export function formatEuro(cents: number, decimal: ',' | '.' = ','): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A euro amount as integer cents, in either decimal style: '12,5', '12.50', '1.234,50',
 * '1,234.50', '1 234,50 €', '12'. With both marks the last one is the decimal mark; a single
 * mark followed by exactly three digits groups thousands ('1.500' = 1500 €), otherwise it is
 * the decimal mark. More than two decimals or anything else: null. String arithmetic only,
 * so 0,29 is exactly 29 cents.
 */
export function parseEuroCents(raw: string): number | null {
  const text = raw.replace(/[\s\u00a0€]/g, '').replace(/EUR$/i, '');
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let whole = text;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = lastDot > lastComma ? '.' : ',';
    const group = mark === '.' ? ',' : '.';
    const at = text.lastIndexOf(mark);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (!isGrouped(whole, group)) return null;
    whole = whole.split(group).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const parts = text.split(mark);
    const tail = parts[parts.length - 1] ?? '';
    if (parts.length > 2 || tail.length === 3) {
      if (!isGrouped(text, mark)) return null;
      whole = parts.join('');
    } else {
      whole = parts[0] ?? '';
      fraction = tail;
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** '1.234.567' grouped by threes with `mark`. */
function isGrouped(text: string, mark: string): boolean {
  const [first, ...rest] = text.split(mark);
  return /^\d{1,3}$/.test(first ?? '') && rest.every((g) => /^\d{3}$/.test(g));
}
