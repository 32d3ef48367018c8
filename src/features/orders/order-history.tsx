/** The dated steps of an order (the server appends one on every state change). */
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStateStep } from '@domain/schemas/order';
import { formatMoment } from '@domain/format';

export function OrderHistory({ steps }: { steps: readonly OrderStateStep[] }) {
  const { t, i18n } = useTranslation('orders');
  if (steps.length === 0) return <Text c="dimmed">{t('detail.noHistory')}</Text>;
  return (
    <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2} data-testid="order-history">
      {steps.map((step, i) => (
        <Timeline.Item key={`${step.state}-${i}`} title={t(`state.${step.state}`)}>
          <Text size="sm" c="dimmed">
            {formatMoment(step.at, i18n.language)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
