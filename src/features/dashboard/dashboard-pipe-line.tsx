/**
 * One hose on a start page card (hoses due, replace at the next visit): its code, linking to
 * its machine's hose list, the machine below it, and what the card says about it on the right.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EntityRow } from '@db/entity-tables';
import { machineHosesPath } from '@lib/hose-paths';

export interface DashboardPipeLineProps {
  customerId: string;
  pipe: Pick<EntityRow<'pipe'>, 'code'>;
  machine: Pick<EntityRow<'machine'>, 'id' | 'machineType' | 'internalId'>;
  /** The card's fact about this hose (its due date, the end of its service life). */
  children?: ReactNode;
  /** Its colour: red for overdue, orange for soon. */
  color?: string;
}

export function DashboardPipeLine({
  customerId,
  pipe,
  machine,
  children,
  color = 'orange',
}: DashboardPipeLineProps) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor
          component={Link}
          to={machineHosesPath(customerId, machine.id)}
          fw={500}
          style={{ whiteSpace: 'nowrap' }}
        >
          {pipe.code}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {machine.machineType ?? machine.internalId}
        </Text>
      </Stack>
      {children != null ? (
        <Text size="sm" c={color} ta="right" style={{ flexShrink: 0 }}>
          {children}
        </Text>
      ) : null}
    </Group>
  );
}
