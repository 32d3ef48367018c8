/**
 * Stands in for the start page's customer overview while its code and figures load: one calm
 * block instead of cards growing one by one (no layout shift).
 */
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

export function OverviewPlaceholder() {
  return (
    <Stack gap="md" aria-hidden="true" data-testid="dashboard-overview-placeholder">
      <Skeleton height={72} />
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <Skeleton height={76} />
        <Skeleton height={76} />
        <Skeleton height={76} />
      </SimpleGrid>
      <Skeleton height={200} />
    </Stack>
  );
}
