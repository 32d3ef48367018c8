/**
 * The three states of a screen about one row from a live query: still loading (`undefined`),
 * not on this device (`null`: deleted, or never synced) and the row itself.
 */
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotFoundNotice, type NotFoundBack } from './not-found-notice';

export function RowState<T>({
  row,
  children,
  back,
}: {
  row: T | null | undefined;
  children: (row: T) => ReactNode;
  /** Where a missing row would be listed (the not-found state links there). */
  back?: NotFoundBack;
}) {
  if (row === undefined) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  if (row === null) return <NotFoundNotice back={back} />;
  return <>{children(row)}</>;
}
