/**
 * The DGUV overview of docs/architecture.md (customer dashboard, machine dashboard, start page) as a chart
 * OK / warning / defect / unchecked hoses of the scope with their counts.
 * Online the figures come from the shop API's dguv-stats; offline, while they load or when
 * the server fails, from the synced rows on this device (src/db/dguv-status-reads). A dimmed line
 * says which one is shown.
 */
import { Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDguvStats } from '../db/hooks';
import type { StatsScope } from '../db/dguv-status-reads';
import type { DguvStats } from '../domain/schemas/dguv-audit';
import { useServerDguvStats } from '../lib/api/dguv-stats';

const COLORS = { success: 'green', warning: 'orange', error: 'red', unchecked: 'gray' } as const;
type Part = keyof typeof COLORS;

function parts(stats: DguvStats): Record<Part, number> {
  const { successPipes: success, warningPipes: warning, errorPipes: error } = stats;
  return {
    success,
    warning,
    error,
    unchecked: Math.max(0, stats.totelPipes - success - warning - error),
  };
}

export interface DguvOverviewProps {
  scope: StatsScope | null;
  title?: string;
  /** Called once figures are shown (a page can reveal its parts together, without shifts). */
  onLoaded?: () => void;
}

export function DguvOverview({ scope, title, onLoaded }: DguvOverviewProps) {
  const { t } = useTranslation(['forms', 'dguvReport']);
  const device = useDguvStats(scope);
  const server = useServerDguvStats(scope, device ? JSON.stringify(device) : '');
  const fromServer = server.status === 'server';
  const stats = fromServer ? server.stats : device;
  const loaded = Boolean(stats);
  useEffect(() => {
    if (loaded) onLoaded?.();
  }, [loaded, onLoaded]);
  return (
    <Card withBorder padding="md" data-testid="dguv-overview">
      <Title order={3} size="h4" mb="sm">
        {title ?? t('forms:dguvOverview.title')}
      </Title>
      {!stats ? (
        <Skeleton height={120} />
      ) : stats.totelPipes === 0 ? (
        <Text c="dimmed">{t('forms:dguvOverview.none')}</Text>
      ) : (
        <Chart stats={stats} />
      )}
      {stats ? (
        <Text size="xs" c="dimmed" mt="sm" data-testid="dguv-overview-source">
          {fromServer
            ? t('dguvReport:overview.fromServer')
            : server.status === 'unsynced'
              ? t('dguvReport:overview.fromDeviceUnsynced')
              : t('dguvReport:overview.fromDevice')}
        </Text>
      ) : null}
    </Card>
  );
}

function Chart({ stats }: { stats: DguvStats }) {
  const { t } = useTranslation(['forms', 'dguvReport']);
  const counts = parts(stats);
  const total = stats.totelPipes;
  // Hoses with a result whose check is older than their interval: with "checked within the
  // interval" and "never checked" they add up to the total.
  const dueAgain = Math.max(0, total - counts.unchecked - stats.checkedPipes);
  const labels: Record<Part, string> = {
    success: t('forms:dguvOverview.success'),
    warning: t('forms:dguvOverview.warning'),
    error: t('forms:dguvOverview.error'),
    unchecked: t('forms:dguvOverview.unchecked'),
  };
  const order: Part[] = ['success', 'warning', 'error', 'unchecked'];
  const summary = t('dguvReport:overview.chartLabel', {
    total,
    success: counts.success,
    warning: counts.warning,
    error: counts.error,
    unchecked: counts.unchecked,
  });
  return (
    <Group gap="lg" align="center" wrap="wrap">
      <Ring
        aria-label={summary}
        sections={order
          .filter((p) => counts[p] > 0)
          .map((p) => ({ value: counts[p] / total, color: COLORS[p] }))}
      >
        <Text fw={700} size="lg" lh={1.1}>
          {stats.checkedPipes}/{total}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {t('dguvReport:overview.checked')}
        </Text>
      </Ring>
      <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
        <Text size="sm">
          {t('forms:dguvOverview.label', { checked: stats.checkedPipes, count: total })}
          {dueAgain > 0 ? ` · ${t('forms:dguvOverview.dueAgain', { count: dueAgain })}` : ''}
        </Text>
        {/* As many columns as the card has room for (not the window: on a desktop the
            overview shares the row with other cards), each wide enough for the longest
            single word of a label, so labels wrap between words, never inside one. */}
        <div
          data-testid="dguv-figures"
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-sm)',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 7.5rem), 1fr))',
          }}
        >
          {order.map((p) => (
            <Figure key={p} label={labels[p]} value={counts[p]} color={COLORS[p]} />
          ))}
        </div>
      </Stack>
    </Group>
  );
}

const RING_SIZE = 140;
const RING_THICKNESS = 16;
const RING_RADIUS = (RING_SIZE * 0.9 - RING_THICKNESS * 2) / 2;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The ring: one arc per share, clockwise from the top, over a grey track; the figure in its
 * middle. Mantine's RingProgress looked the same but mounted a hidden floating tooltip in a
 * portal per arc and walked the page's scroll containers for each when the dashboard opened
 * (docs/performance.md, "The first screen").
 */
function Ring({
  sections,
  children,
  'aria-label': label,
}: {
  sections: { value: number; color: string }[];
  children: ReactNode;
  'aria-label': string;
}) {
  // Each arc starts where the one before it ended (a negative offset moves the dash on).
  const starts = sections.map((_, i) =>
    sections.slice(0, i).reduce((sum, s) => sum + s.value * RING_LENGTH, 0),
  );
  const arc = (length: number, start: number, color: string, key: string | number) => (
    <circle
      key={key}
      cx={RING_SIZE / 2}
      cy={RING_SIZE / 2}
      r={RING_RADIUS}
      fill="none"
      stroke={color}
      strokeWidth={RING_THICKNESS}
      strokeDasharray={`${length} ${RING_LENGTH - length}`}
      strokeDashoffset={-start}
    />
  );
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="dguv-overview-chart"
      pos="relative"
      w={RING_SIZE}
      h={RING_SIZE}
      style={{ flexShrink: 0 }}
    >
      <svg
        width={RING_SIZE}
        height={RING_SIZE}
        viewBox={`0 0 ${RING_SIZE} ${RING_SIZE}`}
        style={{ transform: 'rotate(-90deg)', display: 'block' }}
        aria-hidden="true"
      >
        {arc(RING_LENGTH, 0, 'var(--mantine-color-gray-2)', 'track')}
        {sections.map((s, i) =>
          arc(s.value * RING_LENGTH, starts[i]!, `var(--mantine-color-${s.color}-filled)`, i),
        )}
      </svg>
      <Stack gap={0} align="center" justify="center" pos="absolute" inset={0} aria-hidden="true">
        {children}
      </Stack>
    </Box>
  );
}

function Figure({ label, value, color }: { label: string; value: number; color: string }) {
  // Number above its label: long labels (French) wrap between words within the column.
  return (
    <Stack gap={0} data-testid={`dguv-figure-${color}`} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <span
          aria-hidden="true"
          style={{
            width: 10,
            height: 10,
            borderRadius: 2,
            flexShrink: 0,
            background: `var(--mantine-color-${color}-filled)`,
          }}
        />
        <Text fw={700} size="xl" c={color}>
          {value}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'normal', hyphens: 'manual' }}>
        {label}
      </Text>
    </Stack>
  );
}
