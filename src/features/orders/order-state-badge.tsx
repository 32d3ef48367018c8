/** An order's state as a coloured badge; a submit still in the outbox reads "not sent yet". */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderState } from '@domain/schemas/enums';
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

export function OrderStateBadge({ state, queued }: { state: OrderState; queued?: boolean }) {
  const { t } = useTranslation('orders');
  if (queued && state === 'NEW') {
    return (
      <Badge color="orange" variant="light" styles={WRAP_BADGE} data-testid="order-state">
        {t('list.notSentYet')}
      </Badge>
    );
  }
  return (
    <Badge
      color={COLORS[state]}
      variant="light"
      styles={WRAP_BADGE}
      data-testid="order-state"
      data-state={state}
    >
      {t(`state.${state}`)}
    </Badge>
  );
}
