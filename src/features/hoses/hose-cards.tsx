/**
 * The hose list on phones and narrow windows: one stacked card per hose with the same facts
 * as the table's columns, labelled, so nothing needs sideways scrolling.
 */
import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderSlot } from '../../components/order-slot';
import {
  AccessoryBadges,
  CategoryBadge,
  NextDue,
  ResultBadge,
  resultOf,
  ServiceLifeBadge,
} from './hose-cells';
import { useFormat } from '../../lib/i18n/use-format';
import type { HoseLinks, HoseRow } from './hose-filters';
import { HoseVirtualList } from './hose-virtual-list';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Box>
  );
}

const HoseCard = memo(function HoseCard({ row, links }: { row: HoseRow; links: HoseLinks }) {
  const { t } = useTranslation(['pipes', 'forms']);
  const fmt = useFormat();
  const slot = useOrderSlot();
  const { pipe, status, machine } = row;
  const num = (value: number | null, unit = '') =>
    value === null ? '—' : `${fmt.number(value)}${unit}`;
  return (
    <Box pb="xs">
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'break-word' }}>
            <Text span c="dimmed" fw={400} mr={6}>
              {pipe.position}.
            </Text>
            {links.edit ? (
              <Anchor href={links.edit(pipe)} fw={700}>
                {pipe.code}
              </Anchor>
            ) : (
              pipe.code
            )}
          </Text>
          <ResultBadge result={resultOf(status)} />
        </Group>
        {machine && links.machine ? (
          <Anchor href={links.machine(machine.id)} size="sm">
            {machine.label}
          </Anchor>
        ) : null}
        <Text size="sm" c="dimmed" mt={2}>
          {[
            pipe.hoseType,
            pipe.dn === null ? null : `DN ${pipe.dn}`,
            num(pipe.maxPn, ` ${t('forms:units.bar')}`),
            num(pipe.length, ` ${t('forms:units.mm')}`),
          ]
            .filter((part) => part && part !== '—')
            .join(' · ') || '—'}
        </Text>
        <Group gap="md" mt="xs" wrap="wrap" align="flex-start">
          <Fact label={t('columns.category')}>
            <CategoryBadge pipe={pipe} />
          </Fact>
          <Fact label={t('columns.accessories')}>
            <AccessoryBadges pipe={pipe} />
          </Fact>
          <Fact label={t('columns.productionDate')}>{fmt.day(pipe.productionDate) || '—'}</Fact>
          <Fact label={t('columns.nextDue')}>
            <NextDue status={status} />
          </Fact>
        </Group>
        {status?.serviceLifeExceeded ? (
          <Box mt="xs">
            <ServiceLifeBadge status={status} />
          </Box>
        ) : null}
        {slot ? (
          <Group justify="flex-end" mt="xs">
            <slot.ReplaceButton pipe={pipe} />
          </Group>
        ) : null}
      </Paper>
    </Box>
  );
});

export function HoseCards({ rows, links }: { rows: readonly HoseRow[]; links: HoseLinks }) {
  const { t } = useTranslation('pipes');
  return (
    <Box role="list" aria-label={t('count', { count: rows.length })}>
      <HoseVirtualList
        rows={rows}
        estimate={236}
        itemRole="listitem"
        renderRow={(row) => <HoseCard row={row} links={links} />}
      />
    </Box>
  );
}
