/** The orders menu entry's count for the office: orders waiting in the three queues. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueueCounts } from './data/order-queries';
import { useOrderActor } from './use-order-actor';

export function OrdersNavBadge() {
  const { t } = useTranslation('orders');
  const { canManageShop } = useOrderActor();
  const counts = useQueueCounts(canManageShop);
  const total = counts ? counts.approve + counts.process + counts.progress : 0;
  if (total === 0) return null;
  return (
    <Badge
      color="blue"
      size="sm"
      circle={total < 10}
      aria-label={t('queue.badge', { count: total })}
      data-testid="orders-badge"
    >
      {total}
    </Badge>
  );
}
