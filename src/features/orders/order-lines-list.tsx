/**
 * The lines of an order or cart (docs/api.md: name, unit net price, quantity, total net, assembly
 * surcharge — the line's, i.e. × quantity, named as in the cart) stacked so they read on a 390 px phone, with the net sum "excl. VAT". With
 * `selection` each line gets a checkbox (staff marking lines ORDER or WORKSHOP).
 */
import { Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItemRow } from './data/order-queries';
import { formatCents } from '@lib/i18n/money';
import { lineSurchargeCents } from '@domain/rules/prices';

export interface LineSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
}

export function OrderLinesList(props: {
  items: readonly OrderItemRow[];
  totalNetCents: number;
  showKinds?: boolean;
  selection?: LineSelection;
  /** More about a line under its figures (the office: its hose's replacement). */
  extra?: (item: OrderItemRow) => ReactNode;
}) {
  const { t, i18n } = useTranslation('orders');
  const money = (c: number) => formatCents(c, i18n.language);
  return (
    <Stack gap="xs" data-testid="order-lines">
      {props.items.map((item) => (
        <Paper key={item.id} withBorder p="sm" data-testid="order-line">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {props.selection ? (
              <Checkbox
                mt={2}
                size="md"
                checked={props.selection.selected.has(item.id)}
                onChange={() => props.selection?.toggle(item.id)}
                aria-label={t('actions.selectLine', { name: item.name })}
              />
            ) : null}
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'break-word' }}>
                  {item.name}
                </Text>
                {props.showKinds ? (
                  <Badge variant="outline" color={item.kind ? 'blue' : 'gray'}>
                    {t(`kind.${item.kind ?? 'none'}`)}
                  </Badge>
                ) : null}
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed">
                  {item.quantity} × {money(item.unitNetCents)}
                </Text>
                <Text size="sm" fw={600}>
                  {money(item.totalNetCents)}
                </Text>
              </Group>
              {item.assemblySurchargeCents > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('totals.surcharge', { amount: money(lineSurchargeCents(item)) })}
                </Text>
              ) : null}
              {props.extra?.(item)}
            </Stack>
          </Group>
        </Paper>
      ))}
      <Group justify="space-between" px="sm">
        <Text fw={700}>{t('totals.net')}</Text>
        <Text fw={700} data-testid="order-total">
          {money(props.totalNetCents)}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            {t('totals.exclVat')}
          </Text>
        </Text>
      </Group>
    </Stack>
  );
}
