import { z } from 'zod';
import { ORDER_LINE_KIND, PAYMENT_TYPE } from './enums';
import { commentField, idField, intField } from './fields';
import { pipeCreateSchema } from './pipe';

/**
 * Request bodies of the shop API (docs/api.md) that are not entity rows. Missing ids report
 * 'validation:required': docs/api.md says cart and configurator need a chosen customer and
 * location, and a form shows that on the empty select.
 */

/** What a human could mean by a cart quantity: 1–999 per line. */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 999;
const cartQuantity = () =>
  intField(CART_QUANTITY_MIN).max(CART_QUANTITY_MAX, { error: 'validation:max' });

/**
 * One hose to put into the cart; docs/api.md: quantity defaults to 1. `id` and `orderId` are
 * optional client-made ids (UUIDs): an offline device shows the new line and, when it has no
 * cart yet, the new cart at once, and the server keeps those ids so the device's rows and the
 * server's rows are the same rows. Bodies without them keep working (the server picks ids).
 */
export const cartAddItemSchema = z.object({
  pipeId: idField(),
  locationId: idField(),
  quantity: cartQuantity().default(1),
  id: z.uuid({ error: 'validation:format' }).optional(),
  orderId: z.uuid({ error: 'validation:format' }).optional(),
});
export type CartAddItem = z.infer<typeof cartAddItemSchema>;

/** `POST /` (cart): a list, so the configurator's bulk order is one call. */
export const cartAddBodySchema = z
  .array(cartAddItemSchema, { error: 'validation:required' })
  .min(1, { error: 'validation:required' });
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

/**
 * `POST /configured`: a hose assembled in the configurator, created in the customer's scope
 * together with its cart line, in one call a customer user may make (customers may not create
 * hoses through the CMS). `pipe.id` is the device's id of the new hose; a call replayed after
 * the hose exists adds nothing twice (the push answers by mutation id). The server keeps the
 * device's code when it is free and picks the next free one otherwise.
 */
export const configuredHoseSchema = pipeCreateSchema
  .pick({
    machineId: true,
    position: true,
    productId: true,
    hoseType: true,
    dn: true,
    maxPn: true,
    length: true,
    fittingLeft: true,
    fittingRight: true,
    withProtection: true,
    withRope: true,
  })
  // An empty code (no prefix configured on the device yet) is filled by the server.
  .extend({ id: idField(), code: z.string().trim().max(50, { error: 'validation:max' }) });
export type ConfiguredHose = z.infer<typeof configuredHoseSchema>;

export const configuredHoseBodySchema = z.object({
  pipe: configuredHoseSchema,
  locationId: idField(),
  quantity: cartQuantity().default(1),
  id: z.uuid({ error: 'validation:format' }).optional(),
  orderId: z.uuid({ error: 'validation:format' }).optional(),
});
export type ConfiguredHoseBody = z.infer<typeof configuredHoseBodySchema>;

/** `PATCH /item/{id}`: only the quantity changes; no default — a patch without it is wrong. */
export const cartItemPatchSchema = z.object({
  quantity: cartQuantity(),
});
export type CartItemPatch = z.infer<typeof cartItemPatchSchema>;

/**
 * `POST /submit/{orderId}`. docs/api.md: terms and privacy policy must both be accepted — literal
 * true, so a form that forgets a checkbox fails here and on the server alike. Payment is by
 * invoice only (docs/architecture.md).
 */
export const orderSubmitBodySchema = z.object({
  deliveryAddressId: idField(),
  invoiceAddressId: idField(),
  contactId: idField(),
  paymentType: z.enum(PAYMENT_TYPE, { error: 'validation:required' }).default('INVOICE'),
  acceptedTerms: z.literal(true, { error: 'shop:acceptTerms' }),
  acceptedPrivacy: z.literal(true, { error: 'shop:acceptPrivacy' }),
  comment: commentField().optional(),
});
export type OrderSubmitBody = z.infer<typeof orderSubmitBodySchema>;

/**
 * Staff marking lines of a READY order (docs/architecture.md: mark all or selected hoses as ORDER or
 * WORKSHOP). `itemIds` null means every line; an empty list is refused rather than read as
 * "all", so a selection that got lost never marks the whole order.
 */
export const orderMarkLinesBodySchema = z.object({
  kind: z.enum(ORDER_LINE_KIND, { error: 'validation:required' }),
  itemIds: z.array(idField()).min(1, { error: 'validation:required' }).nullable().default(null),
});
export type OrderMarkLinesBody = z.infer<typeof orderMarkLinesBodySchema>;
