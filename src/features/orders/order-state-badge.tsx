/**
 * An order's state as a coloured badge; a submit still in the outbox reads "not sent yet", and
 * an order the office declined reads "declined" rather than "cancelled" (rules/order-states
 * declineOf); `DeclineReason` shows why, under the badge's row.
 */
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { declineOf } from '@domain/rules/order-states';
import type { OrderState } from '@domain/schemas/enums';
import type { OrderStateStep } from '@domain/schemas/order';
import { WRAP_BADGE } from '@components/wrap-styles';

const COLORS: Record<OrderState, string> = {
  NEW: 'gray',
  APPROVAL_PENDING: 'yellow',
  READY: 'blue',
  ORDER: 'grape',
  WORKSHOP: 'cyan',
  ORDERED: 'indigo',
  COMPLETE: 'green',
  CANCELED: 'red',
};

export function OrderStateBadge({
  state,
  stateHistory = [],
  queued,
}: {
  state: OrderState;
  /** The order's steps: the last one tells a decline from a cancel. */
  stateHistory?: readonly OrderStateStep[];
  queued?: boolean;
}) {
  const { t } = useTranslation('orders');
  if (queued && state === 'NEW') {
    return (
      <Badge color="orange" variant="light" styles={WRAP_BADGE} data-testid="order-state">
        {t('list.notSentYet')}
      </Badge>
    );
  }
  const declined = declineOf({ state, stateHistory }) !== null;
  return (
    <Badge
      color={COLORS[state]}
      variant={declined ? 'outline' : 'light'}
      styles={WRAP_BADGE}
      data-testid="order-state"
      data-state={state}
      data-declined={declined ? 'true' : undefined}
    >
      {declined ? t('declined.badge') : t(`state.${state}`)}
    </Badge>
  );
}

/** A declined order's reason, as the customer and the office read it under the state. */
export function DeclineReason({
  order,
}: {
  order: { state: OrderState; stateHistory: readonly OrderStateStep[] };
}) {
  const { t } = useTranslation('orders');
  const reason = declineOf(order)?.reason;
  if (!reason) return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="decline-reason-shown">
      {t('declined.reason', { reason })}
    </Text>
  );
}
