/** One order in a list: date and reference, state, customer, hose count and net total. */
import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderSummary } from './data/order-queries';
import { formatCents } from '@lib/i18n/money';
import { formatDay } from '@domain/format';
import { shortRef } from '@domain/rules/report-number';
import { DeclineReason, OrderStateBadge } from './order-state-badge';

export function OrderCard({
  summary,
  showCompany,
}: {
  summary: OrderSummary;
  showCompany: boolean;
}) {
  const { t, i18n } = useTranslation('orders');
  const { order } = summary;
  return (
    <Card
      withBorder
      padding="md"
      component={Link}
      to={`/orders/${order.id}`}
      data-testid="order-card"
      data-order-id={order.id}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={600} style={{ minWidth: 0 }}>
            #{shortRef(order.id)}
            {order.submittedAt ? ` · ${formatDay(order.submittedAt, i18n.language)}` : ''}
          </Text>
          <OrderStateBadge
            state={order.state}
            stateHistory={order.stateHistory}
            queued={summary.submitQueued}
          />
        </Group>
        {showCompany ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {summary.companyName}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('list.pipes', { count: summary.pipeCount })}</Text>
          <Text size="sm" fw={600}>
            {formatCents(summary.totalNetCents, i18n.language)}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              {t('totals.exclVat')}
            </Text>
          </Text>
        </Group>
        <DeclineReason order={order} />
        {summary.refused ? (
          <Text size="xs" c="red">
            {t('list.refused')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
