/**
 * Request shapes of the shop API that the domain does not define (order management, list
 * filters), and the one way this module turns a zod failure into a 400 with its field.
 */
import { z } from 'zod';
import {
  ORDER_LINE_KIND,
  ORDER_STATE,
  orderStateSchema,
  type OrderState,
} from '@domain/schemas/enums';
import { idField } from '@domain/schemas/fields';
import { TRANSITION_REASON_MAX } from '@domain/rules/order-states';
import { orderUpdateSchema } from '@domain/schemas/order';
import { HttpError } from '@server/plugins/errors';

/**
 * `POST /order/{id}/transition`. With `kind` the lines (`itemIds`, or all when left out) are
 * marked first; `to` then names the state to move to — optional while marking: the order stays
 * READY until every line is marked and then moves on to the state its lines decide. `reason`
 * says why; declining a pending order needs one.
 */
export const orderTransitionBodySchema = z
  .object({
    to: orderStateSchema.optional(),
    kind: z.enum(ORDER_LINE_KIND, { error: 'validation:required' }).optional(),
    itemIds: z.array(idField()).min(1, { error: 'validation:required' }).nullable().optional(),
    /** Why (required to decline; rules/order-states reasonIssue); kept in the order's history. */
    reason: z
      .string({ error: 'validation:format' })
      .trim()
      .max(TRANSITION_REASON_MAX, { error: 'validation:maxLength' })
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.to && !body.kind) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation:required' });
    }
    if (body.itemIds && !body.kind) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'validation:required' });
    }
  });
export type OrderTransitionBody = z.infer<typeof orderTransitionBodySchema>;

/** `PATCH /order/{id}`: shipping data staff add once the order is on its way. */
export const orderShippingBodySchema = orderUpdateSchema
  .pick({ trackingLink: true, deliveryNoteFileId: true })
  .refine((b) => b.trackingLink !== undefined || b.deliveryNoteFileId !== undefined, {
    path: ['trackingLink'],
    error: 'validation:required',
  });
export type OrderShippingBody = z.infer<typeof orderShippingBodySchema>;

/** `GET /orders?state=`: open, complete (final states) or one exact state. */
export const ORDER_LIST_FILTERS = ['open', 'complete', ...ORDER_STATE] as const;
export const orderListQuerySchema = z.object({
  state: z.enum(ORDER_LIST_FILTERS, { error: 'validation:format' }).default('open'),
  customer: idField().optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

const OPEN: readonly OrderState[] = ['APPROVAL_PENDING', 'READY', 'ORDER', 'WORKSHOP', 'ORDERED'];
const COMPLETE: readonly OrderState[] = ['COMPLETE', 'CANCELED'];

export function statesOf(filter: OrderListQuery['state']): readonly OrderState[] {
  if (filter === 'open') return OPEN;
  if (filter === 'complete') return COMPLETE;
  return [filter];
}

/** `GET /?customer=&location=`: the cart(s) of one customer. */
export const cartQuerySchema = z.object({
  customer: idField().optional(),
  location: idField().optional(),
});

const UUID = z.uuid();

/** Path ids: anything that is not an id cannot name a row, so it is unknown (404). */
export function pathId(value: string, what: string): string {
  if (!UUID.safeParse(value).success) throw notFound(what);
  return value;
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);

/** A refused order change; `reason` is a message key (rules/order-states transitionRefusal). */
export const invalidTransition = (reason: string) =>
  new HttpError(409, 'invalid_transition', reason);

export const noMatchingProduct = (field: string) =>
  new HttpError(422, 'no_matching_product', 'no matching hose in the assortment', field);
