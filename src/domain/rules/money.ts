/**
 * Euro amounts typed by people, read once by one rule: in the format of the UI language, whose
 * decimal mark is ',' (German, French: '1.234,5', '12,34') or '.' (English: '1,234.50'); the
 * other mark may only group thousands. More than two decimals, a sign or anything else is
 * refused with a message key, never guessed — '12,345' in German is not twelve thousand euros.
 * String arithmetic only, so 0,29 is exactly 29 cents.
 */

export type DecimalMark = ',' | '.';

/** The decimal mark people type and read in `language` (1,5 in German and French, 1.5 in English). */
export const decimalMarkOf = (language: string): DecimalMark =>
  language.startsWith('en') ? '.' : ',';

export type MoneyMessage =
  | 'validation:required'
  | 'validation:moneyNegative'
  | 'validation:moneyDecimals'
  | 'validation:moneyFormat';

export type MoneyResult = { ok: true; cents: number } | { ok: false; message: MoneyMessage };

const escape = (mark: DecimalMark) => (mark === '.' ? '\\.' : ',');

/** A euro amount as integer cents, or the message key of what is wrong with it. */
export function parseMoney(raw: string, decimal: DecimalMark): MoneyResult {
  // Spaces may group thousands; a euro sign or 'EUR' may stand before or after the amount.
  const text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/^(€|EUR)|(€|EUR)$/gi, '');
  if (text === '') return { ok: false, message: 'validation:required' };
  if (/^[-−]/.test(text)) return { ok: false, message: 'validation:moneyNegative' };
  const group: DecimalMark = decimal === ',' ? '.' : ',';
  const d = escape(decimal);
  const g = escape(group);
  const shape = new RegExp(`^(\\d+|\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d*))?$`);
  const match = shape.exec(text);
  if (!match) {
    // A well-formed amount with too many decimals gets the precise message.
    const [whole, fraction, ...rest] = text.split(decimal);
    const wholeOk = new RegExp(`^(\\d+|\\d{1,3}(?:${g}\\d{3})+)$`).test(whole ?? '');
    if (rest.length === 0 && wholeOk && /^\d{3,}$/.test(fraction ?? ''))
      return { ok: false, message: 'validation:moneyDecimals' };
    return { ok: false, message: 'validation:moneyFormat' };
  }
  const whole = (match[1] ?? '').split(group).join('');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, message: 'validation:moneyDecimals' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents)
    ? { ok: true, cents }
    : { ok: false, message: 'validation:moneyFormat' };
}

/** Cents as the amount people type back into a money field: '1234,50' or '1234.50', no grouping. */
export function formatMoneyInput(cents: number, decimal: DecimalMark): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
}
