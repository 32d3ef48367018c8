/**
 * Every validation message the domain emits is an i18n key ('namespace:key'), never prose:
 * the same schema validates on the server (which answers with the key) and in forms (which
 * translate it). This list is the checklist for the translation files in locales/<lng>/.
 *
 * Keys of the `validation` namespace mirror the generic form rules of docs/api.md and reuse the
 * names already present in locales/de/validation.json (required, email, numeric, integer,
 * maxLength, format); min and max are numeric bounds (the issue carries `minimum`/`maximum`
 * for interpolation, like `count` for the length keys).
 */
export const MESSAGE_KEYS = [
  // Generic form rules (docs/api.md).
  'validation:required',
  'validation:email',
  'validation:numeric',
  'validation:integer',
  'validation:maxLength',
  'validation:format',
  'validation:min',
  'validation:max',
  // A staff account (no customer link) needs at least one role (rules/permissions accessIssue).
  'admin:rolesRequired',
  // A new username: letters, digits and . _ - @ only (schemas/admin usernameSchema).
  'admin:usernameFormat',
  // Euro amounts as typed (rules/money): a sign, a third decimal or no amount at all.
  'validation:moneyNegative',
  'validation:moneyDecimals',
  'validation:moneyFormat',
  // Contact data (rules/contact-formats): a phone number, a postcode of DE, AT, CH, FR or GB.
  'validation:phone',
  'validation:postcode',
  // Delivery note and tracking link (rules/uploads): type, emptiness, size; scheme, address.
  'validation:fileType',
  'validation:fileEmpty',
  'validation:fileSize',
  'validation:urlScheme',
  'validation:urlFormat',
  // Image upload: JPG or PNG only.
  'validation:imageType',
  // A power-unit part needs at least one fact that tells it apart (rules/part-identity).
  'validation:partUnidentified',
  // DGUV hose check: result, protectionRecommended and replaceHose each need an answer.
  'dguv:selectAnswer',
  // 'OK' contradicts any finding, so it may only stand alone.
  'dguv:okAlone',
  // The same finding twice would count twice in reports.
  'dguv:duplicateFinding',
  // Reasons the record asks for (rules/dguv-reasons): "OK" past the service life or storage
  // time needs the documented extension; a defect kept ("replace hose" = no) needs a reason.
  'dguv:extensionRequired',
  'dguv:keepRequired',
  // A hose without a production date: its check says in the comment how its age was judged.
  'dguv:commentRequired',
  // An audit before first use answers each point of its checklist for every hose.
  'dguv:firstUseAnswerEach',
  // The occasion of an audit (rules/dguv-occasion): an extraordinary one names its event, and
  // "other" describes it.
  'dguv:occasionEventRequired',
  'dguv:occasionNoteRequired',
  // Order submit: terms and privacy policy must both be accepted.
  'shop:acceptTerms',
  'shop:acceptPrivacy',
  // Submitting a cart without lines.
  'shop:emptyCart',
  // Order changes refused, in words a clerk understands (rules/order-states transitionRefusal).
  'orders:transitionFinal',
  // Declining a pending order must say why (rules/order-states.ts reasonIssue).
  'orders:declineReasonRequired',
  'orders:transitionAlreadyThere',
  'orders:transitionNotCart',
  'orders:transitionNotSubmitted',
  'orders:transitionNotPending',
  'orders:transitionNotReady',
  'orders:transitionLinesUnmarked',
  'orders:transitionLinesDecide',
  'orders:transitionNotOrder',
  'orders:transitionNotShipped',
  'orders:transitionCustomerCancel',
  'orders:transitionNotAllowed',
  'orders:transitionShippingTooEarly',
  // A delivery note must name a file uploaded to the order.
  'orders:deliveryNoteUnknown',
  // Machine wizard: manufacturer, inventory number and every aggregate's type.
  'machines:dataMissing',
  // Hose code must be unique ('Le code sélectionné existe déjà').
  'pipes:codeExists',
  // Pipe code prefix: entered without a hyphen (the hyphen separates prefix and number).
  'settings:prefixHyphen',
  // Pipe code prefix: letters and digits only, so codes print and scan reliably.
  'settings:prefixFormat',
  // Content-backend queries past what a human could mean (bounds in contract.ts).
  'validation:queryKey',
  'validation:queryOperator',
  'validation:queryValue',
  'validation:queryTooDeep',
  'validation:queryTooLarge',
  'validation:queryPaging',
  // An answer past the server's row/byte budget: page it or ask for fewer related rows.
  'validation:answerTooLarge',
  // Shop products: the fields a product's kind needs (rules of schemas/product.ts).
  'products:ruleHoseUnit',
  'products:ruleHoseDn',
  'products:ruleHosePn',
  'products:ruleFittingUnit',
  'products:ruleFittingType',
  'products:ruleOnlyFittings',
  'products:ruleAccessoryType',
  'products:ruleOnlyAccessories',
  // The article number is the price list's key, so it is unique.
  'products:articleNumberExists',
  // Sync push: a queued entry must be a write (no read or query).
  'errors:pushNotAWrite',
  // Sync push: a client id belongs to the user who first pushed with it.
  'errors:syncClientForeign',
  // DGUV: a finished or approved audit changes only by its state table (rules/audit-states.ts).
  'errors:auditLocked',
  // DGUV: a hose check never moves to another audit or hose.
  'errors:answerFixed',
  // DGUV: approval waits until every photo and the signature the record names are stored.
  'errors:auditFilesPending',
  // Hose swap (rules/hose-life): a retired hose is retired once, keeps its history (only its
  // comment changes), and its successor stands on the same machine.
  'errors:pipeRetired',
  'errors:pipeRetiredFixed',
  'errors:successorMachine',
  // The public verification page: no approved report has this number.
  'verify:unknown',
  // Idempotency-Key reused for another method, path or body (IETF httpapi draft: 422).
  'errors:idempotencyKeyReused',
  // A query ran past its time budget on the server (503 with Retry-After).
  'errors:queryTimeout',
  // The server's disk is full (507): the call is sent again once space is freed.
  'errors:storageFull',
  // Uploads: an image over the pixel limits, or one whose header cannot be read.
  'validation:imageTooLarge',
  'validation:imageUnreadable',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** True for a string that is one of the domain's message keys (e.g. in a server answer). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && (MESSAGE_KEYS as readonly string[]).includes(value);
}
