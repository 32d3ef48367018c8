/**
 * Open and completed orders (docs/architecture.md /orders, /orders/complete and the customer's own under
 * /customer/{id}/orders): a customer sees their own; staff see every customer's, or one
 * customer's below /customer/{id}. Staff who manage orders get the three office queues
 * (`?queue=approve|process|progress`) with their counts.
 */
import { Chip, Group, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ListState } from '@components/list-state';
import { PageHeader } from '@components/page-header';
import { hasPermission, isCustomerUser } from '@domain/rules/permissions';
import { useAuthStore } from '@lib/auth';
import { useOrders, useQueueCounts } from './data/order-queries';
import { OrderCard } from './order-card';
import {
  DONE_STATES,
  OPEN_STATES,
  ORDER_QUEUES,
  parseQueue,
  QUEUE_NAMES,
  type OrderQueue,
} from './order-queues';

/** Long queue names (French) wrap inside their chip on a phone instead of overflowing it. */
const WRAPPING_CHIP = {
  root: { maxWidth: '100%' },
  label: {
    whiteSpace: 'normal',
    height: 'auto',
    minHeight: 44,
    paddingTop: 6,
    paddingBottom: 6,
    lineHeight: 1.3,
  },
} as const;

export function OrdersScreen({ complete = false }: { complete?: boolean }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const { customerId } = useParams();
  const [params, setParams] = useSearchParams();
  const user = useAuthStore((s) => s.user);
  const customer = user !== null && isCustomerUser(user);
  const manages = !customer && user !== null && hasPermission(user, 'admin-shop');
  const companyId = customer ? (user?.customer ?? null) : (customerId ?? null);
  const queue = complete || !manages ? null : parseQueue(params.get('queue'));
  const states = queue ? ORDER_QUEUES[queue] : complete ? DONE_STATES : OPEN_STATES;
  const orders = useOrders({ companyId, states });
  const counts = useQueueCounts(manages && !complete);
  const base = customerId ? `/customer/${encodeURIComponent(customerId)}/orders` : '/orders';

  return (
    <Stack gap="md">
      <PageHeader title={t(complete ? 'list.complete' : 'list.open')} />
      <SegmentedControl
        value={complete ? 'complete' : 'open'}
        onChange={(v) => void navigate(v === 'complete' ? `${base}/complete` : base)}
        data={[
          { value: 'open', label: t('list.tabOpen') },
          { value: 'complete', label: t('list.tabComplete') },
        ]}
        fullWidth
        aria-label={t('queue.label')}
      />
      {counts ? (
        <Group gap="xs" role="group" aria-label={t('queue.label')}>
          <Chip
            checked={queue === null}
            onChange={() => setParams({})}
            size="md"
            styles={WRAPPING_CHIP}
          >
            {t('queue.all')}
          </Chip>
          {QUEUE_NAMES.map((q: OrderQueue) => (
            <Chip
              key={q}
              checked={queue === q}
              onChange={() => setParams({ queue: q })}
              size="md"
              styles={WRAPPING_CHIP}
              data-testid={`queue-${q}`}
            >
              {t(`queue.${q}`)} ({counts[q]})
            </Chip>
          ))}
        </Group>
      ) : null}
      <ListState rows={orders} emptyText={t(complete ? 'list.emptyComplete' : 'list.emptyOpen')}>
        {(rows) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="order-list">
            {rows.map((s) => (
              <OrderCard key={s.order.id} summary={s} showCompany={!customer && !customerId} />
            ))}
          </SimpleGrid>
        )}
      </ListState>
    </Stack>
  );
}

export function CompleteOrdersScreen() {
  return <OrdersScreen complete />;
}
