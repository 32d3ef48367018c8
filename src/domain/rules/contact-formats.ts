/**
 * Formats of a customer's contact data, checked alike on the device and the server: a phone
 * number is digits with the usual separators (an optional leading +, spaces, / - . and
 * brackets) and 5 to 20 digits; a postcode follows one of the countries the customers are in —
 * Germany and France (5 digits), Austria and Switzerland (4 digits), Great Britain ("SW1A 1AA")
 * — optionally with the country prefix still seen on letters ("D-44149", "CH-8001", "F-75001").
 */

const PHONE_CHARS = /^\+?[0-9 ()/.-]+$/;

export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  if (!PHONE_CHARS.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20;
}

export type PostcodeCountry = 'DE' | 'AT' | 'CH' | 'FR' | 'GB';

const POSTCODES: Record<PostcodeCountry, RegExp> = {
  DE: /^(?:D-|DE-)?\d{5}$/,
  FR: /^(?:F-|FR-)?\d{5}$/,
  AT: /^(?:A-|AT-)?\d{4}$/,
  CH: /^(?:CH-)?\d{4}$/,
  GB: /^(?:GB-)?(?:[A-Z]{1,2}\d[A-Z\d]?) ?\d[A-Z]{2}$/,
};

/** The countries whose format `value` fits (empty: no known postcode). */
export function postcodeCountries(value: string): PostcodeCountry[] {
  const text = value.trim().toUpperCase();
  return (Object.keys(POSTCODES) as PostcodeCountry[]).filter((c) => POSTCODES[c].test(text));
}

export function isPostcode(value: string): boolean {
  return postcodeCountries(value).length > 0;
}
