/**
 * "Order replacement" as one call for the screens: adds the hoses and tells the user what
 * happened — one hose: its line's net price and assembly surcharge at once, with a way to the
 * cart; several: how many; hoses that cannot be ordered: why (docs/api.md).
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  addToCart,
  orderConfiguredHose,
  type AddProblem,
  type AddResult,
} from './data/cart-writes';
import type { PipeRow } from './data/cart-data';
import { useMoney } from '@lib/i18n/money';

const PROBLEM: Record<AddProblem, 'errors.noLocation' | 'errors.noMatchingHose'> = {
  noLocation: 'errors.noLocation',
  noProduct: 'errors.noMatchingHose',
};

export function useOrderPipes() {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  /** Runs one of the cart's adds and tells the user what it did. */
  const run = async (add: () => Promise<AddResult>): Promise<number> => {
    setBusy(true);
    try {
      const { added, refused } = await add();
      for (const { pipe, problem } of refused) {
        notifications.show({
          color: 'red',
          message: t('errors.refusedLine', { code: pipe.code, reason: t(PROBLEM[problem]) }),
        });
      }
      const first = added[0];
      if (!first) return 0;
      const cartPath = `/customer/${first.order.companyId}/cart`;
      const id = notifications.show({
        color: 'green',
        title: t('order.added'),
        autoClose: 8000,
        message: (
          <Stack gap={4}>
            <Text size="sm" data-testid="added-line">
              {added.length === 1
                ? t('order.addedLine', {
                    name: first.line.name,
                    unit: money(first.line.unitNetCents),
                    surcharge: money(first.line.assemblySurchargeCents),
                  })
                : t('order.addedCount', { count: added.length })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('line.pending')}
            </Text>
            <Anchor
              href={cartPath}
              size="sm"
              onClick={(e) => {
                e.preventDefault();
                notifications.hide(id);
                void navigate(cartPath);
              }}
            >
              {t('order.toCart')}
            </Anchor>
          </Stack>
        ),
      });
      return added.length;
    } catch {
      notifications.show({ color: 'red', message: t('errors.addFailed') });
      return 0;
    } finally {
      setBusy(false);
    }
  };
  const order = (
    pipes: readonly PipeRow[],
    opts: { quantity?: number; locationId?: string } = {},
  ) => run(() => addToCart(pipes, opts));
  /** The configurator's new hose, created with its cart line in one call. */
  const orderConfigured = (pipe: PipeRow, opts: { quantity: number; locationId: string }) =>
    run(() => orderConfiguredHose(pipe, opts));
  return { order, orderConfigured, busy };
}
