/**
 * The three states of a screen about one row from a live query: still loading (`undefined`),
 * not on this device (`null`: deleted, or never synced) and the row itself.
 */
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotFoundNotice } from './not-found-notice';

export function RowState<T>({
  row,
  children,
}: {
  row: T | null | undefined;
  children: (row: T) => ReactNode;
}) {
  if (row === undefined) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  if (row === null) return <NotFoundNotice />;
  return <>{children(row)}</>;
}
