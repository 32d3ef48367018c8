/**
 * The hose list on wide screens: an ARIA table of CSS-grid lines (a real <table> cannot hold
 * absolutely positioned virtual rows), its header sticky under the app header. The list shows
 * it only where its columns fit (`HOSE_TABLE_MIN_WIDTH`), cards elsewhere — no sideways scroll.
 */
import { Anchor, Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AccessoryBadges,
  CategoryBadge,
  NextDue,
  ResultBadge,
  resultOf,
  ServiceLifeBadge,
  useDateFormat,
} from './hose-cells';
import type { HoseLinks, HoseRow } from './hose-filters';
import { HoseVirtualList } from './hose-virtual-list';

// Minimum widths add up to MIN_WIDTH with the gaps (6 px) and the side padding (8 px each).
const COLUMNS =
  '40px minmax(92px,1fr) minmax(88px,1.2fr) 44px 56px 64px 76px minmax(88px,1fr) 92px 100px 96px minmax(104px,1fr)';
const HEADERS = [
  'position',
  'code',
  'hoseType',
  'dn',
  'maxPn',
  'length',
  'category',
  'accessories',
  'productionDate',
  'lastResult',
  'nextDue',
  'serviceLife',
] as const;
const MACHINE_COLUMN = 'minmax(120px,1.2fr) ';
const MIN_WIDTH = 1024;
const MACHINE_WIDTH = 126;

/** The width the table needs, with or without the machine column. */
export const hoseTableMinWidth = (withMachine: boolean) =>
  MIN_WIDTH + (withMachine ? MACHINE_WIDTH : 0);

export function HoseTable({ rows, links }: { rows: readonly HoseRow[]; links: HoseLinks }) {
  const { t, i18n } = useTranslation('pipes');
  const date = useDateFormat();
  const num = (value: number | null) =>
    value === null ? '—' : value.toLocaleString(i18n.language);
  const withMachine = Boolean(links.machine);
  const grid = {
    display: 'grid',
    gridTemplateColumns: (withMachine ? MACHINE_COLUMN : '') + COLUMNS,
    columnGap: 6,
    alignItems: 'center',
    paddingInline: 8,
  } as const;
  const cell = (content: ReactNode, align?: 'right') => (
    <Box role="cell" ta={align} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      {content}
    </Box>
  );
  const headers = withMachine ? (['machine', ...HEADERS] as const) : HEADERS;

  return (
    <Box role="table" aria-rowcount={rows.length + 1}>
      <Box
        role="row"
        aria-rowindex={1}
        py={6}
        fz="xs"
        fw={700}
        c="dimmed"
        bg="var(--mantine-color-body)"
        style={{
          ...grid,
          position: 'sticky',
          top: 'var(--app-shell-header-offset, 0px)',
          zIndex: 2,
          borderBottom: '2px solid var(--mantine-color-default-border)',
        }}
      >
        {headers.map((key) => (
          <Box role="columnheader" key={key} style={{ minWidth: 0 }}>
            {t(`columns.${key}`)}
          </Box>
        ))}
      </Box>
      <HoseVirtualList
        rows={rows}
        estimate={49}
        itemRole="row"
        renderRow={({ pipe, status, machine }) => (
          <Box
            py={8}
            fz="sm"
            style={{ ...grid, borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            {withMachine && machine && links.machine
              ? cell(
                  <Anchor component={Link} to={links.machine(machine.id)} size="sm">
                    {machine.label}
                  </Anchor>,
                )
              : null}
            {cell(pipe.position, 'right')}
            {cell(
              links.edit ? (
                <Anchor component={Link} to={links.edit(pipe)} fw={600} size="sm">
                  {pipe.code}
                </Anchor>
              ) : (
                <Text fw={600} size="sm">
                  {pipe.code}
                </Text>
              ),
            )}
            {cell(pipe.hoseType ?? '—')}
            {cell(num(pipe.dn), 'right')}
            {cell(num(pipe.maxPn), 'right')}
            {cell(num(pipe.length), 'right')}
            {cell(<CategoryBadge pipe={pipe} />)}
            {cell(<AccessoryBadges pipe={pipe} />)}
            {cell(date(pipe.productionDate) ?? '—')}
            {cell(<ResultBadge result={resultOf(status)} />)}
            {cell(<NextDue status={status} />)}
            {cell(<ServiceLifeBadge status={status} />)}
          </Box>
        )}
      />
    </Box>
  );
}
