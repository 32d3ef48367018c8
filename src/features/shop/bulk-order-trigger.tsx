/**
 * The "Order several" button by itself: the bulk order's trigger, and — disabled, without an
 * action — its stand-in while the bulk order's code or the list's hoses are still loading, so
 * the screen's header keeps its height when the real one arrives (layout shift).
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '@components/icons';

/** "Order several" shows while the hoses load (disabled) and when there is one to choose. */
export const bulkOrderShows = (props: { candidates: readonly unknown[]; pending?: boolean }) =>
  props.pending === true || props.candidates.length > 0;

export function BulkOrderTrigger({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation('shop');
  return (
    <Button
      variant="default"
      mih={44}
      leftSection={<CartIcon size={16} />}
      onClick={onClick}
      disabled={!onClick}
      data-testid={onClick ? 'bulk-order' : undefined}
    >
      {t('order.bulk')}
    </Button>
  );
}
