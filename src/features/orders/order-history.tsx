/**
 * An order's history (docs/api.md "Order history"): every step with what was done, who did it,
 * when, and the reason given (a decline always has one). The server appends a step on every
 * state change and the steps sync with the order, so the history reads offline too. Steps
 * from before the event log carry only the state reached and the time.
 */
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStateStep } from '@domain/schemas/order';
import { formatMoment } from '@domain/format';

export function OrderHistory({ steps }: { steps: readonly OrderStateStep[] }) {
  const { t, i18n } = useTranslation('orders');
  if (steps.length === 0) return <Text c="dimmed">{t('detail.noHistory')}</Text>;
  const title = (step: OrderStateStep) =>
    step.action
      ? t(`history.action.${step.action}`, { state: t(`state.${step.state}`) })
      : t(`state.${step.state}`);
  return (
    <Timeline
      active={steps.length - 1}
      bulletSize={14}
      lineWidth={2}
      data-testid="order-history"
      aria-label={t('detail.history')}
    >
      {steps.map((step, i) => (
        <Timeline.Item
          key={`${step.state}-${i}`}
          title={title(step)}
          data-testid="order-history-step"
          data-action={step.action}
        >
          <Text size="sm" c="dimmed">
            {step.userName
              ? t('history.byAt', {
                  name: step.userName,
                  at: formatMoment(step.at, i18n.language),
                })
              : formatMoment(step.at, i18n.language)}
          </Text>
          {step.reason ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('history.reason', { reason: step.reason })}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
