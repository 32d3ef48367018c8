/**
 * A line's quantity (1–999, CART_QUANTITY_MIN/MAX): − and + buttons of phone size around a
 * number field. Every change shows at once; it is handed on once the user stops for
 * `delay` ms, so typing 1, 12, 120 sends 120 (docs/api.md), and out-of-range input is explained
 * instead of sent.
 */
import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@domain/schemas/shop-requests';

export const QUANTITY_DELAY_MS = 600;

interface Props {
  value: number;
  onCommit: (quantity: number) => void;
  label: string;
  delay?: number;
}

const valid = (q: number) =>
  Number.isInteger(q) && q >= CART_QUANTITY_MIN && q <= CART_QUANTITY_MAX;

export function QuantityStepper({ value, onCommit, label, delay = QUANTITY_DELAY_MS }: Props) {
  const { t } = useTranslation(['shop', 'validation']);
  const [draft, setDraft] = useState<number | string>(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  // What leaving the screen must still send: the last valid quantity not handed on yet.
  const unsent = useRef<number | null>(null);

  // A change from elsewhere (sync, another tab) shows unless the user is typing.
  useEffect(() => {
    if (!timer.current) setDraft(value);
  }, [value]);
  // Leaving right after a change (say, straight to checkout) sends it instead of losing it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (unsent.current !== null) commit.current(unsent.current);
    },
    [],
  );

  const change = (next: number | string) => {
    setDraft(next);
    clearTimeout(timer.current);
    const q = Number(next);
    unsent.current = valid(q) && q !== value ? q : null;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      unsent.current = null;
      if (valid(q) && q !== value) commit.current(q);
    }, delay);
  };
  const current = Number(draft);
  const error =
    draft === '' || !Number.isInteger(current) || current < CART_QUANTITY_MIN
      ? t('validation:min', { minimum: CART_QUANTITY_MIN })
      : current > CART_QUANTITY_MAX
        ? t('validation:max', { maximum: CART_QUANTITY_MAX })
        : null;

  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <ActionIcon
        variant="default"
        size={44}
        aria-label={t('line.decrease')}
        disabled={!valid(current) || current <= CART_QUANTITY_MIN}
        onClick={() => change(current - 1)}
      >
        −
      </ActionIcon>
      <NumberInput
        aria-label={label}
        value={draft}
        onChange={change}
        min={CART_QUANTITY_MIN}
        max={CART_QUANTITY_MAX}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        hideControls
        w={72}
        size="md"
        error={error}
        styles={{ input: { textAlign: 'center', minHeight: 44 } }}
      />
      <ActionIcon
        variant="default"
        size={44}
        aria-label={t('line.increase')}
        disabled={!valid(current) || current >= CART_QUANTITY_MAX}
        onClick={() => change(current + 1)}
      >
        +
      </ActionIcon>
    </Group>
  );
}
