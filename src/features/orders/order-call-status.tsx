/**
 * What happens to this order's queued calls: a submit waiting for the network ("will be sent
 * when you are online"), an office change (release, decline, marking…) not yet answered — the
 * state shown stays the server's until it is, and a server that cannot be reached is said —, or the server's refusal in words (the message key it answered is
 * translated) with the way to Sync issues and the choice to drop the refused call.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '@components/confirm';
import { CloudOffIcon } from '@components/icons';
import { getDatabase } from '@db/database';
import { looksLikeMessageKey } from '@lib/i18n';
import { discardEntry } from '@sync';
import type { OrderSummary } from './data/order-queries';

export function OrderCallStatus({ summary }: { summary: OrderSummary }) {
  const { t } = useTranslation(['orders', 'sync']);
  const discard = async (mutationId: string) => {
    const ok = await confirm({
      title: t('sync:rejection.discardTitle'),
      message: t('sync:rejection.discardMessage'),
      confirmText: t('sync:rejection.discardConfirm'),
      color: 'red',
    });
    if (ok) await discardEntry(getDatabase(), mutationId);
  };
  const refused = summary.refused;
  if (refused) {
    const raw = refused.error?.message ?? refused.lastError ?? '';
    const reason = looksLikeMessageKey(raw) ? t(raw as never, { defaultValue: raw }) : raw;
    return (
      <Alert
        color="red"
        role="alert"
        title={t('orders:detail.refused', { reason })}
        data-testid="order-refused"
      >
        <Text size="sm" mb="xs">
          {t('orders:detail.refusedHint')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to="/sync-issues" size="xs" variant="light">
            {t('orders:detail.syncIssues')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => void discard(refused.mutationId)}
          >
            {t('sync:rejection.discard')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const change = summary.pendingChange;
  if (change && !summary.submitQueued) {
    // Said as it is: kept on this device, not yet done; the state shown is still the server's.
    const what = change.declining
      ? t('orders:detail.changeTo', { state: t('orders:declined.badge') })
      : change.to
        ? t('orders:detail.changeTo', { state: t(`orders:state.${change.to}`) })
        : t('orders:detail.changeLines');
    return (
      <Alert
        color="orange"
        icon={<CloudOffIcon size={18} />}
        role="status"
        title={t('orders:detail.changePending', { what })}
        data-testid="order-change-pending"
      >
        <Text size="sm">
          {change.failed ? t('orders:detail.changeUnreachable') : t('orders:detail.changeSending')}
        </Text>
      </Alert>
    );
  }
  if (summary.submitQueued) {
    return (
      <Alert color="orange" icon={<CloudOffIcon size={18} />} data-testid="order-pending">
        {t('orders:detail.pending')}
      </Alert>
    );
  }
  return null;
}
