/** What the start screen tells before an audit (docs/architecture.md): hoses to check, last check, intervals. */
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PipeStatus } from '@db/dguv-status-reads';
import type { MachineSummary } from '@db/machine-queries';
import type { EntityRow } from '@db/entity-tables';
import { useEnumLabel } from '@components/forms';
import { formatMoment } from '@domain/format';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

export function MachineFacts({
  summary,
  pipes,
  statuses,
}: {
  summary: MachineSummary;
  pipes: readonly EntityRow<'pipe'>[];
  statuses: ReadonlyMap<string, PipeStatus> | undefined;
}) {
  const { t, i18n } = useTranslation('dguv');
  const label = useEnumLabel();
  const critical = pipes.filter((p) => p.isCritical).length;
  let lastCheck: string | null = null;
  for (const s of statuses?.values() ?? []) {
    const at = s.lastCheck?.checkedAt ?? null;
    if (at && (!lastCheck || at > lastCheck)) lastCheck = at;
  }
  const { machine } = summary;
  return (
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Fact
          label={t('start.hosesToCheck')}
          value={t('start.hosesCount', { count: pipes.length, critical })}
        />
        <Fact
          label={t('start.lastCheck')}
          value={lastCheck ? formatMoment(lastCheck, i18n.language) : t('start.neverChecked')}
        />
        <Fact label={t('start.interval')} value={label('CHANGEINTERVAL', machine.dguvInterval)} />
        <Fact
          label={t('start.intervalCritical')}
          value={label('CHANGEINTERVAL', machine.dguvIntervalCritical)}
        />
      </SimpleGrid>
    </Card>
  );
}
