/**
 * One cart line (docs/api.md: name, unit net price, quantity, total net, assembly surcharge):
 * stacked on phones, one row on wide screens; "price confirmed when sent" while the server has
 * not answered, docs/api.md's message when it refused the line's last change.
 */
import { Badge, Box, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CartLine } from './data/cart-data';
import { useMoney } from '@lib/i18n/money';
import { QuantityStepper } from './quantity-stepper';

interface Props {
  entry: CartLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

const REFUSAL = { POST: 'errors.addFailed', PATCH: 'errors.quantityFailed' } as const;

export function CartLineCard({ entry, onQuantity, onRemove }: Props) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const { line, sync, refused } = entry;
  return (
    <Paper withBorder p="sm" data-testid="cart-line">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={700} style={{ overflowWrap: 'break-word' }}>
          {line.name}
        </Text>
        <CloseButton
          size={44}
          aria-label={t('line.remove', { name: line.name })}
          onClick={onRemove}
        />
      </Group>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mt="xs">
        <Stack gap={2}>
          <Text size="sm">
            {t('line.unitNet')}: <b>{money(line.unitNetCents)}</b>
          </Text>
          <Text size="sm" c="dimmed">
            {t('line.surcharge')}: {money(line.assemblySurchargeCents)}
          </Text>
        </Stack>
        <QuantityStepper value={line.quantity} onCommit={onQuantity} label={t('line.quantity')} />
        <Box ta="right" miw={120}>
          <Text size="xs" c="dimmed">
            {t('line.totalNet')}
          </Text>
          <Text fw={700} data-testid="line-total">
            {money(line.totalNetCents)}
          </Text>
        </Box>
      </Group>
      {sync === 'pending' ? (
        <Badge variant="light" color="yellow" mt="xs" style={{ textTransform: 'none' }}>
          {t('line.pending')}
        </Badge>
      ) : null}
      {sync === 'rejected' ? (
        <Text size="sm" c="red" mt="xs" role="alert">
          {t(
            refused === 'PATCH'
              ? REFUSAL.PATCH
              : refused === 'DELETE'
                ? 'errors.removeFailed'
                : REFUSAL.POST,
          )}
        </Text>
      ) : null}
    </Paper>
  );
}
