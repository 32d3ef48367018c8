/** "Order replacement" on one hose: one tap, quantity 1 (docs/api.md), into its customer's cart. */
import { ActionIcon, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '@components/icons';
import type { PipeRow } from './data/cart-data';
import { useOrderPipes } from './use-order-pipes';
import { WRAP_BUTTON } from '@components/wrap-styles';

export function ReplaceButton({ pipe, compact = false }: { pipe: PipeRow; compact?: boolean }) {
  const { t } = useTranslation('shop');
  const { order, busy } = useOrderPipes();
  const label = t('order.replaceNamed', { code: pipe.code });
  const onClick = () => {
    void order([pipe]);
  };
  // In a table line: the icon alone, named for screen readers and as a tooltip.
  if (compact) {
    return (
      <ActionIcon
        variant="light"
        size={36}
        loading={busy}
        aria-label={label}
        title={label}
        data-testid="order-replacement"
        onClick={onClick}
      >
        <CartIcon size={18} />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="light"
      mih={44}
      styles={WRAP_BUTTON}
      leftSection={<CartIcon size={16} />}
      loading={busy}
      aria-label={label}
      data-testid="order-replacement"
      onClick={onClick}
    >
      {t('order.replace')}
    </Button>
  );
}
