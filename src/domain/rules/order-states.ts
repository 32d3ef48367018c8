import type { OrderAction, OrderLineKind, OrderState } from '../schemas/enums';

/**
 * Order state machine (docs/architecture.md; docs/api.md leaves the pairs open). This table is the only
 * place that says which change is allowed: the server refuses everything else, the client
 * shows only these actions.
 *
 * Who: 'customer' is a customer user; 'staff' any user without a customer id; 'staff-admin-
 * shop' staff with the admin-shop permission. DESIGN lets staff cancel "any but COMPLETE/
 * CANCELED" yet keeps declining a pending order (the same change) to admin-shop; the specific
 * row wins, otherwise the admin-shop approval step would be void — so plain staff cannot
 * cancel an APPROVAL_PENDING order, while the customer may withdraw it.
 */
export type OrderActorKind = 'customer' | 'staff' | 'staff-admin-shop';
export type { OrderAction };
/** 'linesMarked': every line is marked and the target is `targetAfterMarking` of them. */
export type TransitionCondition = 'linesMarked' | null;

export interface OrderTransition {
  from: OrderState;
  to: OrderState;
  who: OrderActorKind;
  action: OrderAction;
  condition: TransitionCondition;
}

const row = (
  from: OrderState,
  to: OrderState,
  who: OrderActorKind,
  action: OrderAction,
  condition: TransitionCondition = null,
): OrderTransition => ({ from, to, who, action, condition });

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  row('NEW', 'APPROVAL_PENDING', 'customer', 'submit'),
  row('NEW', 'READY', 'staff', 'submit'),
  row('APPROVAL_PENDING', 'READY', 'staff-admin-shop', 'release'),
  row('APPROVAL_PENDING', 'CANCELED', 'staff-admin-shop', 'decline'),
  row('APPROVAL_PENDING', 'CANCELED', 'customer', 'cancel'),
  row('READY', 'ORDER', 'staff', 'mark', 'linesMarked'),
  row('READY', 'WORKSHOP', 'staff', 'mark', 'linesMarked'),
  row('ORDER', 'ORDERED', 'staff', 'ordered'),
  row('WORKSHOP', 'COMPLETE', 'staff', 'complete'),
  row('ORDERED', 'COMPLETE', 'staff', 'complete'),
  row('NEW', 'CANCELED', 'staff', 'cancel'),
  row('READY', 'CANCELED', 'staff', 'cancel'),
  row('ORDER', 'CANCELED', 'staff', 'cancel'),
  row('WORKSHOP', 'CANCELED', 'staff', 'cancel'),
  row('ORDERED', 'CANCELED', 'staff', 'cancel'),
];

export const FINAL_ORDER_STATES: readonly OrderState[] = ['COMPLETE', 'CANCELED'];
export const isFinalOrderState = (state: OrderState) => FINAL_ORDER_STATES.includes(state);

export interface OrderActor {
  isCustomer: boolean;
  /** Holds the admin-shop permission (meaningless for customer users). */
  canManageShop: boolean;
}

export interface TransitionContext {
  /** The kind of every line of the order; null for a line not yet marked. */
  lineKinds?: ReadonlyArray<OrderLineKind | null>;
}

function actorMatches(who: OrderActorKind, actor: OrderActor): boolean {
  switch (who) {
    case 'customer':
      return actor.isCustomer;
    case 'staff':
      return !actor.isCustomer;
    case 'staff-admin-shop':
      return !actor.isCustomer && actor.canManageShop;
  }
}

/**
 * Where a READY order goes once its lines are marked: ORDER if any line must be bought in,
 * WORKSHOP if all are made in our workshop; null (refused) while a line is unmarked or the
 * order has no lines.
 */
export function targetAfterMarking(
  lineKinds: ReadonlyArray<OrderLineKind | null>,
): 'ORDER' | 'WORKSHOP' | null {
  if (lineKinds.length === 0 || lineKinds.some((k) => k === null)) return null;
  return lineKinds.includes('ORDER') ? 'ORDER' : 'WORKSHOP';
}

function conditionHolds(t: OrderTransition, context: TransitionContext | undefined): boolean {
  if (t.condition === null) return true;
  // Without the lines the condition cannot be shown to hold, so the change is refused.
  return context?.lineKinds !== undefined && targetAfterMarking(context.lineKinds) === t.to;
}

export function canTransition(
  from: OrderState,
  to: OrderState,
  actor: OrderActor,
  context?: TransitionContext,
): boolean {
  return ORDER_TRANSITIONS.some(
    (t) =>
      t.from === from && t.to === to && actorMatches(t.who, actor) && conditionHolds(t, context),
  );
}

/** The transitions an actor may make from a state now (for action buttons). */
export function availableTransitions(
  from: OrderState,
  actor: OrderActor,
  context?: TransitionContext,
): OrderTransition[] {
  return ORDER_TRANSITIONS.filter(
    (t) => t.from === from && actorMatches(t.who, actor) && conditionHolds(t, context),
  );
}

/** Submitting a cart: a customer's order waits for approval, staff orders are ready at once. */
export const submitTarget = (actor: OrderActor): OrderState =>
  actor.isCustomer ? 'APPROVAL_PENDING' : 'READY';

/** Only the cart's lines change; a submitted order is what was agreed. */
export const canEditLines = (state: OrderState) => state === 'NEW';

/** Lines are marked ORDER or WORKSHOP only while the order is READY. */
export const canMarkLines = (state: OrderState) => state === 'READY';

/** docs/architecture.md: tracking link and delivery note from ORDERED/WORKSHOP on. */
export const canAttachShipping = (state: OrderState) =>
  state === 'ORDERED' || state === 'WORKSHOP' || state === 'COMPLETE';

/**
 * Why a change is refused, as a message key a clerk can read ('orders:transition…'), for
 * the server's 409 and the screens alike. Checked from the most specific reason on; the last
 * resort names no pair of states either.
 */
export function transitionRefusal(
  from: OrderState,
  to: OrderState,
  actor: OrderActor,
  context?: TransitionContext,
): string {
  if (isFinalOrderState(from)) return 'orders:transitionFinal';
  if (from === to) return 'orders:transitionAlreadyThere';
  if (to === 'APPROVAL_PENDING' || (from === 'NEW' && to === 'READY')) {
    return 'orders:transitionNotCart';
  }
  if (from === 'NEW') return 'orders:transitionNotSubmitted';
  if (to === 'READY') return 'orders:transitionNotPending';
  if (to === 'ORDER' || to === 'WORKSHOP') {
    if (from !== 'READY') return 'orders:transitionNotReady';
    const target = targetAfterMarking(context?.lineKinds ?? []);
    return target === null ? 'orders:transitionLinesUnmarked' : 'orders:transitionLinesDecide';
  }
  if (to === 'ORDERED') return 'orders:transitionNotOrder';
  if (to === 'COMPLETE') return 'orders:transitionNotShipped';
  if (to === 'CANCELED' && actor.isCustomer) return 'orders:transitionCustomerCancel';
  return 'orders:transitionNotAllowed';
}

/** The longest reason a change may carry (it is shown in the order's history). */
export const TRANSITION_REASON_MAX = 500;

/** Declining a pending order must say why: the customer reads the reason on their order. */
export const needsReason = (action: OrderAction) => action === 'decline';

/**
 * Why a change's reason is not enough, as a message key, or null: a decline without one (or
 * with only blanks) is refused — on the screen before it is queued, and by the server.
 */
export function reasonIssue(action: OrderAction, reason: string | null | undefined): string | null {
  if (needsReason(action) && (reason?.trim() ?? '') === '') return 'orders:declineReasonRequired';
  return null;
}

/**
 * The decline that ended an order, or null: a CANCELED order whose last step was the office
 * declining it (not a customer withdrawing nor a cancel). Its state stays CANCELED; screens show
 * it as declined, with its reason.
 */
export function declineOf<S extends { state: OrderState; action?: OrderAction }>(order: {
  state: OrderState;
  stateHistory: readonly S[];
}): S | null {
  if (order.state !== 'CANCELED') return null;
  const last = order.stateHistory.at(-1);
  return last?.state === 'CANCELED' && last.action === 'decline' ? last : null;
}

/** Why shipping data cannot be added yet (see canAttachShipping). */
export const SHIPPING_REFUSAL = 'orders:transitionShippingTooEarly';
/** Why lines cannot be marked now (see canMarkLines). */
export const MARK_REFUSAL = 'orders:transitionNotReady';
