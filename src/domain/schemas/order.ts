import { z } from 'zod';
import { companyEntity } from './base';
import { ORDER_ACTION, orderLineKindSchema, orderStateSchema, paymentTypeSchema } from './enums';
import {
  booleanField,
  commentField,
  idField,
  intField,
  isoDateTimeField,
  optionalIdField,
  optionalText,
  requiredText,
} from './fields';
import { trackingLinkIssue } from '../rules/uploads';

/**
 * Cart and order (docs/api.md): one row in both roles — a company's cart is its order in state NEW,
 * and submitting moves the same row on (rules/order-states). Relations: `companyId` SPEC's
 * "company.id", `locationId` SPEC's "location" (docs/api.md: the cart needs a chosen location, so
 * there is one open cart per customer and location), `contactId` the contact person,
 * `deliveryAddressId` / `invoiceAddressId` the chosen locations. Pipe count and total are
 * derived from the items, not stored.
 */
/**
 * One step of an order's life: the state it reached, the server time it got there, and — for
 * steps since the order event log (docs/api.md) — the step taken (`action`, e.g. 'decline'),
 * the state it left, who took it (user id and display name) and the reason given. The server
 * appends a step on every state change (submit, release, marking, …) and writes the same
 * event to its `orderEvent` table; the device only reads the steps, so the order detail shows
 * the history offline. Older steps carry only state and time.
 */
export const orderStateStepSchema = z.object(
  {
    state: orderStateSchema,
    at: isoDateTimeField(),
    action: z.enum(ORDER_ACTION, { error: 'validation:format' }).optional(),
    from: orderStateSchema.optional(),
    userId: z.string({ error: 'validation:format' }).optional(),
    userName: z.string({ error: 'validation:format' }).optional(),
    reason: z.string({ error: 'validation:format' }).nullable().optional(),
  },
  { error: 'validation:format' },
);
export type OrderStateStep = z.infer<typeof orderStateStepSchema>;

const order = companyEntity({
  locationId: idField(),
  state: orderStateSchema.default('NEW'),
  trackingLink: z
    .string({ error: 'validation:format' })
    .trim()
    .max(2000, { error: 'validation:maxLength' })
    .superRefine((value, ctx) => {
      const issue = trackingLinkIssue(value);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    })
    .nullable()
    .default(null),
  /** Uploaded delivery note (file reference). */
  deliveryNoteFileId: optionalText(500),
  contactId: optionalIdField(),
  paymentType: paymentTypeSchema.default('INVOICE'),
  deliveryAddressId: optionalIdField(),
  invoiceAddressId: optionalIdField(),
  /** Server time of the submit; null while the order is a cart. */
  submittedAt: isoDateTimeField().nullable().default(null),
  acceptedTerms: booleanField().default(false),
  acceptedPrivacy: booleanField().default(false),
  /** The customer's note to the order, given on submit (docs/api.md: optional). */
  comment: commentField(),
  /** State history, oldest first (written by the server only). */
  stateHistory: z.array(orderStateStepSchema, { error: 'validation:format' }).default([]),
});
export const orderSchema = order.row;
export const orderCreateSchema = order.create;
export const orderUpdateSchema = order.update;
export type Order = z.infer<typeof orderSchema>;
export type OrderCreate = z.infer<typeof orderCreateSchema>;
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

/**
 * Cart and order line (docs/api.md: item id, pipe, quantity; name, unit net price, quantity,
 * total net price, assembly surcharge). Relations: `orderId` the cart/order, `pipeId` the hose
 * assembly ordered. Prices are integer cents, net, frozen at the time they were computed
 * (rules/prices) so that later price changes do not alter a submitted order.
 * `unitNetCents` already includes `assemblySurchargeCents`, which is kept apart for display.
 * `kind` is set by staff when marking lines (null: not marked yet, docs/architecture.md).
 */
const orderItem = companyEntity({
  orderId: idField(),
  pipeId: idField(),
  /** docs/api.md: default quantity 1. */
  quantity: intField(1).default(1),
  name: requiredText(),
  unitNetCents: intField(),
  assemblySurchargeCents: intField().default(0),
  totalNetCents: intField(),
  kind: orderLineKindSchema.nullable().default(null),
  /** The installed hose this line's new assembly replaces (a reorder of it). */
  replacesPipeId: optionalIdField(),
  /** The hose record of the new assembly, once it was installed in the old one's place. */
  installedPipeId: optionalIdField(),
});
export const orderItemSchema = orderItem.row;
export const orderItemCreateSchema = orderItem.create;
export const orderItemUpdateSchema = orderItem.update;
export type OrderItem = z.infer<typeof orderItemSchema>;
export type OrderItemCreate = z.infer<typeof orderItemCreateSchema>;
export type OrderItemUpdate = z.infer<typeof orderItemUpdateSchema>;
