/**
 * One open cart (a customer's order in state NEW at one location): its lines, the sums
 * excluding VAT and the way on to checkout (the checkout screen lives under /cart/checkout).
 */
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { snack } from '@components/snacks';
import { orderSurchargeCents, orderTotalCents } from '@domain/rules/prices';
import { removeLine, restoreLine, setQuantity } from './data/cart-writes';
import { CartLineCard } from './cart-line-card';
import type { CartView } from './data/cart-data';
import { useMoney } from '@lib/i18n/money';

function locationText(view: CartView, fallback: string): string {
  const l = view.location;
  if (!l) return fallback;
  return `${[l.street, l.houseNumber].filter(Boolean).join(' ')}, ${l.zip} ${l.city}`;
}

export function CartSection({ view }: { view: CartView }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const lines = view.lines.map((l) => l.line);
  const total = orderTotalCents(lines);
  const surcharge = orderSurchargeCents(lines);

  const fail = (key: string) => () => snack({ type: 'error', text: t(key as 'errors.addFailed') });
  const remove = (index: number) => {
    const line = lines[index];
    if (!line) return;
    removeLine(line)
      .then((entry) => {
        snack({
          type: 'info',
          text: t('line.removed', { name: line.name }),
          action: {
            label: t('line.undo'),
            onClick: () => {
              restoreLine(line, view.order, entry.mutationId).catch(fail('errors.addFailed'));
            },
          },
        });
      })
      .catch(fail('errors.removeFailed'));
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="cart">
      <Title order={3} size="h4" mb="sm" style={{ overflowWrap: 'break-word' }}>
        {t('cart.location', { location: locationText(view, t('cart.noLocation')) })}
      </Title>
      <Stack gap="sm" role="list" aria-label={t('cart.lines')}>
        {view.lines.map((entry, i) => (
          <div role="listitem" key={entry.line.id}>
            <CartLineCard
              entry={entry}
              onQuantity={(q) => {
                setQuantity(entry.line, q).catch(fail('errors.quantityFailed'));
              }}
              onRemove={() => remove(i)}
            />
          </div>
        ))}
      </Stack>
      <Divider my="md" />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={700} size="lg" data-testid="cart-total">
            {t('cart.totalNet')}: {money(total)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('cart.surchargeTotal')}: {money(surcharge)} · {t('cart.exclVat')}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={`/cart/checkout/${view.order.id}`}
          size="md"
          data-testid="cart-checkout"
        >
          {t('cart.checkout')}
        </Button>
      </Group>
    </Paper>
  );
}
