/**
 * The office's view of a line ordered for an installed hose (docs/hose-lifecycle.md): once the
 * order is complete (delivered), "Install replacement" opens the swap for this line on the old
 * hose and comes back to the order; once swapped, the line says when it was installed.
 */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '@domain/format';
import type { OrderState } from '@domain/schemas/enums';
import { hoseSwapPath } from '@lib/hose-paths';
import type { LineReplacement, OrderItemRow } from './data/order-queries';

export function LineInstall({
  item,
  orderId,
  state,
  replacement,
}: {
  item: OrderItemRow;
  orderId: string;
  state: OrderState;
  replacement: LineReplacement | undefined;
}) {
  const { t, i18n } = useTranslation('orders');
  if (!replacement) return null;
  if (replacement.installed) {
    return (
      <Text size="sm" c="green" data-testid="line-installed">
        {replacement.installedOn
          ? t('lines.installedOn', { date: formatDay(replacement.installedOn, i18n.language) })
          : t('lines.installed')}
      </Text>
    );
  }
  const pipe = replacement.pipe;
  if (state !== 'COMPLETE' || !pipe || pipe.retiredAt) return null;
  return (
    <Button
      component={Link}
      to={hoseSwapPath(pipe, { line: item.id, back: `/orders/${encodeURIComponent(orderId)}` })}
      size="xs"
      variant="light"
      mih={36}
      style={{ alignSelf: 'flex-start' }}
      aria-label={t('lines.installFor', { code: pipe.code })}
      data-testid="line-install"
    >
      {t('lines.install')}
    </Button>
  );
}
