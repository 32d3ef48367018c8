/**
 * Long lists on a phone: the first `step` rows, and a button that shows the next `step` —
 * a page never grows to thousands of cards at once. A new `resetKey` (the list's search and
 * filter) starts again with the first `step` rows.
 */
import { Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ShowMoreProps<T> {
  rows: readonly T[];
  step?: number;
  resetKey?: string;
  children: (shown: readonly T[]) => ReactNode;
}

export function ShowMore<T>({ rows, step = 50, resetKey = '', children }: ShowMoreProps<T>) {
  const { t } = useTranslation('forms');
  const [{ limit, key }, setState] = useState({ limit: step, key: resetKey });
  // Adjusting state while rendering (React's pattern for "reset when a prop changes").
  if (key !== resetKey) setState({ limit: step, key: resetKey });
  const shown = rows.length > limit ? rows.slice(0, limit) : rows;
  const rest = rows.length - shown.length;
  return (
    <>
      {children(shown)}
      {rest > 0 ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" role="status">
            {t('list.shownOf', { shown: shown.length, total: rows.length })}
          </Text>
          <Button
            variant="light"
            mih={44}
            onClick={() => setState((s) => ({ ...s, limit: s.limit + step }))}
            data-testid="show-more"
          >
            {t('list.showMore', { count: Math.min(step, rest) })}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
