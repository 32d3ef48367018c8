/**
 * One order (`/orders/{orderId}`): state, what happened to its queued calls, the lines and
 * net total (for the office, a delivered replacement's swap or its installation day), addresses and contact, the dated history, tracking link and delivery note, and
 * the actions rules/order-states allows this user. Works from the synced rows offline.
 */
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RowState } from '@components/row-state';
import { PageHeader } from '@components/page-header';
import { useToggleSet } from '@components/use-toggle-set';
import { canMarkLines } from '@domain/rules/order-states';
import { useOrderDetail } from './data/order-queries';
import { OrderActions } from './order-actions';
import { OrderAddresses } from './order-addresses';
import { OrderCallStatus } from './order-call-status';
import { formatDay } from '@domain/format';
import { shortRef } from '@domain/rules/report-number';
import { OrderHistory } from './order-history';
import { LineInstall } from './line-install';
import { OrderLinesList } from './order-lines-list';
import { OrderShipping } from './order-shipping';
import { DeclineReason, OrderStateBadge } from './order-state-badge';
import { useOrderActor } from './use-order-actor';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function OrderDetailScreen() {
  const { t } = useTranslation('orders');
  const { orderId = '' } = useParams();
  const detail = useOrderDetail(orderId);
  return (
    <RowState row={detail} back={{ to: '/orders', label: t('detail.back') }}>
      {(d) => <OrderDetailView detail={d} />}
    </RowState>
  );
}

function OrderDetailView({ detail }: { detail: NonNullable<ReturnType<typeof useOrderDetail>> }) {
  const { t, i18n } = useTranslation('orders');
  const actor = useOrderActor();
  const { chosen: selected, toggle, replace: setSelected } = useToggleSet();
  const { order } = detail;
  const busy = detail.pendingCalls > 0;
  const selecting = actor.canManageShop && canMarkLines(order.state);
  const title = order.submittedAt
    ? t('detail.title', { date: formatDay(order.submittedAt, i18n.language) })
    : t('detail.titleDraft');
  return (
    <Stack gap="md" data-testid="order-detail" data-order-id={order.id}>
      <PageHeader
        title={`${title} · #${shortRef(order.id)}`}
        subtitle={actor.isCustomer ? undefined : detail.companyName}
        back={{ to: '/orders', label: t('detail.back') }}
        actions={
          <OrderStateBadge
            state={order.state}
            stateHistory={order.stateHistory}
            queued={detail.submitQueued}
          />
        }
      />
      <DeclineReason order={order} />
      <OrderCallStatus summary={detail} />
      <OrderActions
        detail={detail}
        selected={selected}
        busy={busy}
        onMarked={() => setSelected(new Set())}
      />
      <Section title={t('detail.lines')}>
        <OrderLinesList
          items={detail.items}
          totalNetCents={detail.totalNetCents}
          showKinds={!actor.isCustomer}
          selection={selecting ? { selected, toggle } : undefined}
          extra={
            actor.isCustomer
              ? undefined
              : (item) => (
                  <LineInstall
                    item={item}
                    orderId={order.id}
                    state={order.state}
                    replacement={detail.replacements.get(item.id)}
                  />
                )
          }
        />
      </Section>
      <Paper withBorder p="md">
        <OrderAddresses detail={detail} />
      </Paper>
      <Section title={t('detail.history')}>
        <OrderHistory steps={order.stateHistory} />
      </Section>
      <Paper withBorder p="md">
        <OrderShipping key={order.trackingLink ?? ''} order={order} busy={busy} />
      </Paper>
    </Stack>
  );
}
