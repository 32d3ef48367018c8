/**
 * Loading, error and empty states every list shows. `rows` undefined means the
 * live query is still loading; an empty array shows the empty state with an optional
 * create-first button (docs/architecture.md: part lists show an empty state with a create-first button).
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface ListStateProps<T> {
  rows: readonly T[] | undefined;
  /** A failure of the live query (Dexie), shown instead of the list. */
  error?: unknown;
  /** Text of the empty state (default: forms:list.empty). */
  emptyText?: string;
  /** True when the list is empty only because of a search or filter. */
  filtered?: boolean;
  /** Target of the create-first button; no button when absent (e.g. read-only users). */
  createHref?: string;
  createLabel?: string;
  children: (rows: readonly T[]) => ReactNode;
}

export function ListState<T>({
  rows,
  error,
  emptyText,
  filtered = false,
  createHref,
  createLabel,
  children,
}: ListStateProps<T>) {
  const { t } = useTranslation('forms');
  if (error) {
    return (
      <Alert color="red" role="alert" title={t('list.error')}>
        {error instanceof Error ? error.message : null}
      </Alert>
    );
  }
  if (rows === undefined) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('list.loading')}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (rows.length === 0) {
    return (
      <Stack align="center" gap="sm" py="xl" data-testid="empty-state">
        <Text c="dimmed">{filtered ? t('list.noMatches') : (emptyText ?? t('list.empty'))}</Text>
        {!filtered && createHref ? (
          <Button component={Link} to={createHref}>
            {createLabel ?? t('list.createFirst')}
          </Button>
        ) : null}
      </Stack>
    );
  }
  return <>{children(rows)}</>;
}
