import { describe, expect, it } from 'vitest';
import { ORDER_STATE, type OrderLineKind, type OrderState } from '../schemas/enums';
import {
  availableTransitions,
  canAttachShipping,
  canTransition,
  isFinalOrderState,
  reasonIssue,
  submitTarget,
  targetAfterMarking,
  transitionRefusal,
  type OrderActor,
} from './order-states';
import { isMessageKey } from '../messages';

const ACTORS = {
  customer: { isCustomer: true, canManageShop: false },
  // A customer user given the admin-shop role is still a customer.
  customerWithShopRole: { isCustomer: true, canManageShop: true },
  staff: { isCustomer: false, canManageShop: false },
  shopAdmin: { isCustomer: false, canManageShop: true },
} satisfies Record<string, OrderActor>;
type ActorName = keyof typeof ACTORS;

/**
 * Written out from docs/architecture.md by hand, deliberately not derived from ORDER_TRANSITIONS: every
 * allowed (from, to, actor). Every other combination must be refused.
 */
const ALLOWED: ReadonlyArray<[OrderState, OrderState, ActorName]> = [
  ['NEW', 'APPROVAL_PENDING', 'customer'],
  ['NEW', 'APPROVAL_PENDING', 'customerWithShopRole'],
  ['NEW', 'READY', 'staff'],
  ['NEW', 'READY', 'shopAdmin'],
  ['NEW', 'CANCELED', 'staff'],
  ['NEW', 'CANCELED', 'shopAdmin'],
  ['APPROVAL_PENDING', 'READY', 'shopAdmin'],
  ['APPROVAL_PENDING', 'CANCELED', 'shopAdmin'],
  ['APPROVAL_PENDING', 'CANCELED', 'customer'],
  ['APPROVAL_PENDING', 'CANCELED', 'customerWithShopRole'],
  ['READY', 'ORDER', 'staff'],
  ['READY', 'ORDER', 'shopAdmin'],
  ['READY', 'WORKSHOP', 'staff'],
  ['READY', 'WORKSHOP', 'shopAdmin'],
  ['READY', 'CANCELED', 'staff'],
  ['READY', 'CANCELED', 'shopAdmin'],
  ['ORDER', 'ORDERED', 'staff'],
  ['ORDER', 'ORDERED', 'shopAdmin'],
  ['ORDER', 'CANCELED', 'staff'],
  ['ORDER', 'CANCELED', 'shopAdmin'],
  ['WORKSHOP', 'COMPLETE', 'staff'],
  ['WORKSHOP', 'COMPLETE', 'shopAdmin'],
  ['WORKSHOP', 'CANCELED', 'staff'],
  ['WORKSHOP', 'CANCELED', 'shopAdmin'],
  ['ORDERED', 'COMPLETE', 'staff'],
  ['ORDERED', 'COMPLETE', 'shopAdmin'],
  ['ORDERED', 'CANCELED', 'staff'],
  ['ORDERED', 'CANCELED', 'shopAdmin'],
];
const allowed = new Set(ALLOWED.map(([from, to, actor]) => `${from}>${to}>${actor}`));

/** Lines that satisfy the marking condition for the given target (irrelevant elsewhere). */
const linesFor = (to: OrderState): OrderLineKind[] => [to === 'WORKSHOP' ? 'WORKSHOP' : 'ORDER'];

describe('order transitions (docs/architecture.md)', () => {
  const cases = ORDER_STATE.flatMap((from) =>
    ORDER_STATE.flatMap((to) =>
      (Object.keys(ACTORS) as ActorName[]).map((actor) => ({ from, to, actor })),
    ),
  );

  it('enumerates every state × state × actor', () => {
    expect(cases).toHaveLength(8 * 8 * 4);
  });

  it.each(cases)('$from → $to by $actor', ({ from, to, actor }) => {
    const expected = allowed.has(`${from}>${to}>${actor}`);
    expect(canTransition(from, to, ACTORS[actor], { lineKinds: linesFor(to) })).toBe(expected);
  });

  it('has COMPLETE and CANCELED as final states', () => {
    expect(ORDER_STATE.filter(isFinalOrderState)).toEqual(['COMPLETE', 'CANCELED']);
    for (const actor of Object.values(ACTORS)) {
      expect(availableTransitions('COMPLETE', actor)).toEqual([]);
      expect(availableTransitions('CANCELED', actor)).toEqual([]);
    }
  });
});

describe('marking lines', () => {
  const { staff } = ACTORS;

  it('targets ORDER if any line is ORDER, WORKSHOP if all are WORKSHOP', () => {
    expect(targetAfterMarking(['ORDER', 'WORKSHOP'])).toBe('ORDER');
    expect(targetAfterMarking(['WORKSHOP', 'WORKSHOP'])).toBe('WORKSHOP');
    expect(targetAfterMarking(['ORDER'])).toBe('ORDER');
  });

  it('refuses while a line is unmarked or there are no lines', () => {
    expect(targetAfterMarking(['ORDER', null])).toBeNull();
    expect(targetAfterMarking([])).toBeNull();
    expect(canTransition('READY', 'ORDER', staff, { lineKinds: ['ORDER', null] })).toBe(false);
    expect(canTransition('READY', 'WORKSHOP', staff, { lineKinds: [] })).toBe(false);
  });

  it('refuses the wrong target and a missing context', () => {
    expect(canTransition('READY', 'WORKSHOP', staff, { lineKinds: ['ORDER', 'WORKSHOP'] })).toBe(
      false,
    );
    expect(canTransition('READY', 'ORDER', staff, { lineKinds: ['WORKSHOP'] })).toBe(false);
    expect(canTransition('READY', 'ORDER', staff)).toBe(false);
    expect(canTransition('READY', 'CANCELED', staff)).toBe(true);
  });

  it('offers exactly the matching mark action', () => {
    const targets = availableTransitions('READY', staff, { lineKinds: ['WORKSHOP'] }).map(
      (t) => t.to,
    );
    expect(targets).toEqual(['WORKSHOP', 'CANCELED']);
  });
});

describe('helpers', () => {
  it('submits customer carts for approval, staff carts as ready', () => {
    expect(submitTarget(ACTORS.customer)).toBe('APPROVAL_PENDING');
    expect(submitTarget(ACTORS.staff)).toBe('READY');
  });

  it('allows tracking link and delivery note from ORDERED/WORKSHOP on', () => {
    expect(ORDER_STATE.filter(canAttachShipping)).toEqual(['WORKSHOP', 'ORDERED', 'COMPLETE']);
  });
});

describe('transitionRefusal', () => {
  const office = { isCustomer: false, canManageShop: true };
  const customer = { isCustomer: true, canManageShop: false };
  it('names a reason for every refused pair, never the pair itself', () => {
    for (const from of ORDER_STATE) {
      for (const to of ORDER_STATE) {
        for (const actor of [office, customer]) {
          if (canTransition(from, to, actor, { lineKinds: ['ORDER'] })) continue;
          const reason = transitionRefusal(from, to, actor, { lineKinds: [null] });
          expect(reason).toMatch(/^orders:transition[A-Z][a-zA-Z]+$/);
          expect(isMessageKey(reason), reason).toBe(true);
        }
      }
    }
  });
  it('tells the clerk what is missing', () => {
    expect(transitionRefusal('READY', 'ORDER', office, { lineKinds: ['ORDER', null] })).toBe(
      'orders:transitionLinesUnmarked',
    );
    expect(transitionRefusal('READY', 'ORDER', office, { lineKinds: ['WORKSHOP'] })).toBe(
      'orders:transitionLinesDecide',
    );
    expect(transitionRefusal('READY', 'READY', office)).toBe('orders:transitionAlreadyThere');
    expect(transitionRefusal('COMPLETE', 'CANCELED', office)).toBe('orders:transitionFinal');
    expect(transitionRefusal('READY', 'CANCELED', customer)).toBe(
      'orders:transitionCustomerCancel',
    );
    expect(transitionRefusal('READY', 'ORDERED', office)).toBe('orders:transitionNotOrder');
  });
});

describe('the reason of a change', () => {
  it('is required to decline a pending order, and blanks are not a reason', () => {
    expect(reasonIssue('decline', undefined)).toBe('orders:declineReasonRequired');
    expect(reasonIssue('decline', null)).toBe('orders:declineReasonRequired');
    expect(reasonIssue('decline', '   ')).toBe('orders:declineReasonRequired');
    expect(isMessageKey('orders:declineReasonRequired')).toBe(true);
    expect(reasonIssue('decline', 'Hose type no longer supplied')).toBeNull();
  });
  it('is optional for every other step, a customer withdrawing included', () => {
    for (const action of ['submit', 'release', 'mark', 'ordered', 'complete', 'cancel'] as const) {
      expect(reasonIssue(action, undefined)).toBeNull();
    }
  });
});
