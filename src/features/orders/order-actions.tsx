/**
 * What may be done with an order now, exactly as rules/order-states allows it for this user:
 * staff with admin-shop release or decline, mark all or selected lines ORDER or WORKSHOP (the
 * order moves on once every line is marked), mark ordered, complete, cancel; a customer may
 * withdraw an order awaiting approval. Destructive and final steps ask first; declining asks
 * for the reason, which travels with the queued call.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import {
  availableTransitions,
  canMarkLines,
  type OrderTransition,
} from '@domain/rules/order-states';
import type { OrderLineKind } from '@domain/schemas/enums';
import { useOnlineStatus } from '@lib/network/use-online-status';
import { transitionOrder } from './data/order-writes';
import { DeclineDialog } from './decline-dialog';
import type { OrderDetail } from './data/order-queries';
import { runOrderCall } from './run-order-call';
import { useOrderActor } from './use-order-actor';

const CONFIRM: Partial<Record<OrderTransition['action'], string>> = {
  cancel: 'Cancel',
  complete: 'Complete',
};

export function OrderActions(props: {
  detail: OrderDetail;
  /** Lines chosen for marking; empty: every line. */
  selected: ReadonlySet<string>;
  onMarked: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('orders');
  const actor = useOrderActor();
  const online = useOnlineStatus();
  const [declining, setDeclining] = useState<OrderTransition | null>(null);
  const { order, items } = props.detail;
  const context = { lineKinds: items.map((i) => i.kind) };
  const steps = availableTransitions(order.state, actor, context).filter(
    (s) => s.action !== 'submit' && s.action !== 'mark',
  );
  const marking = actor.canManageShop && canMarkLines(order.state) && items.length > 0;
  if (steps.length === 0 && !marking) return null;
  // The office works online; a customer's withdrawal may wait in the outbox.
  const blocked = props.busy || (actor.canManageShop && !online);

  const run = async (step: OrderTransition) => {
    if (step.action === 'decline') {
      setDeclining(step);
      return;
    }
    const key = actor.isCustomer && step.action === 'cancel' ? 'Withdraw' : CONFIRM[step.action];
    if (key) {
      const ok = await confirm({
        title: t(`actions.confirm${key}Title` as never),
        message: t(`actions.confirm${key}` as never),
        color: step.to === 'CANCELED' ? 'red' : 'blue',
      });
      if (!ok) return;
    }
    await runOrderCall(() => transitionOrder(order.id, { to: step.to }));
  };

  const decline = async (reason: string) => {
    const step = declining;
    setDeclining(null);
    if (step) await runOrderCall(() => transitionOrder(order.id, { to: step.to, reason }));
  };

  const mark = async (kind: OrderLineKind) => {
    const chosen = props.selected.size > 0 ? [...props.selected] : items.map((i) => i.id);
    const all = chosen.length === items.length;
    // The server moves the order on once every line is marked (its lines are the truth).
    if (
      await runOrderCall(() =>
        transitionOrder(order.id, { kind, ...(all ? {} : { itemIds: chosen }) }),
      )
    ) {
      props.onMarked();
    }
  };

  const label = (step: OrderTransition) => {
    if (step.action === 'cancel')
      return t(actor.isCustomer ? 'actions.withdraw' : 'actions.cancel');
    return t(`actions.${step.action}` as never);
  };

  return (
    <Stack gap="xs" data-testid="order-actions">
      <Title order={3} size="h4">
        {t('actions.title')}
      </Title>
      {actor.canManageShop && !online ? (
        <Alert color="orange" data-testid="orders-offline">
          {t('actions.offline')}
        </Alert>
      ) : null}
      {marking ? (
        <Stack gap={4}>
          {props.selected.size > 0 ? (
            <Text size="sm" c="dimmed">
              {t('actions.markSelected', { count: props.selected.size })}
            </Text>
          ) : null}
          <Group gap="xs">
            <Button size="md" variant="light" disabled={blocked} onClick={() => void mark('ORDER')}>
              {t('actions.markOrder')}
            </Button>
            <Button
              size="md"
              variant="light"
              disabled={blocked}
              onClick={() => void mark('WORKSHOP')}
            >
              {t('actions.markWorkshop')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <Group gap="xs">
        {steps.map((step) => (
          <Button
            key={`${step.action}-${step.to}`}
            size="md"
            color={step.to === 'CANCELED' ? 'red' : 'blue'}
            variant={step.to === 'CANCELED' ? 'outline' : 'filled'}
            disabled={blocked}
            onClick={() => void run(step)}
            data-testid={`order-action-${step.action}`}
          >
            {label(step)}
          </Button>
        ))}
      </Group>
      <DeclineDialog
        opened={declining !== null}
        onClose={() => setDeclining(null)}
        onDecline={(reason) => void decline(reason)}
      />
    </Stack>
  );
}
