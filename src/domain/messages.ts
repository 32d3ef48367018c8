/**
 * Every validation message the domain emits is an i18n key ('namespace:key'), never prose:
 * the same schema validates on the server (which answers with the key) and in forms (which
 * translate it). This list is the checklist for the translation files in locales/<lng>/.
 *
 * Keys of the `validation` namespace mirror the generic form rules of SPEC §5 and reuse the
 * names already present in locales/de/validation.json (required, email, numeric, integer,
 * maxLength, format); min and max are numeric bounds (the issue carries `minimum`/`maximum`
 * for interpolation, like `count` for the length keys).
 */
export const MESSAGE_KEYS = [
  // Generic form rules (SPEC §5).
  'validation:required',
  'validation:email',
  'validation:numeric',
  'validation:integer',
  'validation:maxLength',
  'validation:format',
  'validation:min',
  'validation:max',
  // SPEC §5 image upload: JPG or PNG only.
  'validation:imageType',
  // DGUV hose check: result, protectionRecommended and replaceHose each need an answer.
  'dguv:selectAnswer',
  // 'OK' contradicts any finding, so it may only stand alone.
  'dguv:okAlone',
  // The same finding twice would count twice in reports.
  'dguv:duplicateFinding',
  // Order submit: terms and privacy policy must both be accepted.
  'shop:acceptTerms',
  'shop:acceptPrivacy',
  // Submitting a cart without lines.
  'shop:emptyCart',
  // Machine wizard: manufacturer, inventory number and every aggregate's type.
  'machines:dataMissing',
  // Hose code must be unique ('Le code sélectionné existe déjà').
  'pipes:codeExists',
  // Pipe code prefix: entered without a hyphen (the hyphen separates prefix and number).
  'settings:prefixHyphen',
  // Pipe code prefix: letters and digits only, so codes print and scan reliably.
  'settings:prefixFormat',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** True for a string that is one of the domain's message keys (e.g. in a server answer). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && (MESSAGE_KEYS as readonly string[]).includes(value);
}
