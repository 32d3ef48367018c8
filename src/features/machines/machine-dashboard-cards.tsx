/** Cards of the machine dashboard: its data, its parts (power units, hoses), its documents. */
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEnumLabel } from '@components/forms';
import { useAggregates, useRowsBy } from '@db/hooks';
import { useFormat } from '@lib/i18n/use-format';
import type { MachineSummary } from '@db/machine-queries';
import { useMachineReportCounts } from './data/report-counts';
import { DueLabel } from './machine-card';
import { DOCUMENT_TABS, documentsPath, locationLabel } from './machine-format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div style={{ overflowWrap: 'break-word' }}>{children}</div>
    </Stack>
  );
}

export function MachineDetailsCard({ summary }: { summary: MachineSummary }) {
  const { t } = useTranslation('machines');
  const enumLabel = useEnumLabel();
  const format = useFormat();
  const { machine } = summary;
  // The operator's decision beside the intervals: on what basis, by whom, when.
  const decision = [
    enumLabel('INTERVAL_BASIS', machine.intervalBasis),
    machine.intervalDecidedBy ?? '',
    machine.intervalDecidedAt ? format.day(machine.intervalDecidedAt) : '',
  ].filter(Boolean);
  return (
    <Section title={t('dashboard.details')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label={t('fields.location')}>
          <Text size="sm">
            {summary.location ? locationLabel(summary.location) : t('fields.noLocation')}
          </Text>
        </Fact>
        <Fact label={t('fields.positionOnLocation')}>
          <Text size="sm">{machine.positionOnLocation || '—'}</Text>
        </Fact>
        <Fact label={t('due.label')}>
          <DueLabel due={summary} hoseCount={summary.hoseCount} />
        </Fact>
        <Fact label={t('dashboard.intervals')}>
          <Text size="sm">
            {t('dashboard.intervalsValue', {
              normal: enumLabel('CHANGEINTERVAL', machine.dguvInterval),
              critical: enumLabel('CHANGEINTERVAL', machine.dguvIntervalCritical),
            })}
          </Text>
        </Fact>
        <Fact label={t('dashboard.intervalDecision')}>
          <Text size="sm" data-testid="interval-decision">
            {decision.length ? decision.join(' · ') : t('dashboard.intervalDecisionMissing')}
          </Text>
        </Fact>
      </SimpleGrid>
      {machine.comment ? (
        <Fact label={t('fields.comment')}>
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {machine.comment}
          </Text>
        </Fact>
      ) : null}
    </Section>
  );
}

export function MachinePartsCard({ base, summary }: { base: string; summary: MachineSummary }) {
  const { t } = useTranslation('machines');
  const enumLabel = useEnumLabel();
  const units = useAggregates(summary.machine.id);
  return (
    <Section title={t('dashboard.parts')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={500}>{t('dashboard.powerUnitCount', { count: units?.length ?? 0 })}</Text>
          <Anchor component={Link} to={`${base}/parts/power-units`} size="sm">
            {t('dashboard.allPowerUnits')}
          </Anchor>
        </Group>
        {units && units.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.noPowerUnits')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" m={0} pl="md" data-testid="machine-power-units">
            {(units ?? []).map((u) => (
              <li key={u.id}>
                <Anchor component={Link} to={`${base}/power-unit/${u.id}`} size="sm">
                  {[enumLabel('AGGREGATETYPE', u.type), u.machineType].filter(Boolean).join(' · ')}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs" mt="xs">
          <Text fw={500}>{t('due.hoses', { count: summary.hoseCount })}</Text>
          <Anchor component={Link} to={`${base}/parts/pipes`} size="sm">
            {t('dashboard.allHoses')}
          </Anchor>
        </Group>
      </Stack>
    </Section>
  );
}

/**
 * Each tab's count is what the tab lists: uploaded files of that kind plus, for the DGUV,
 * inspection and maintenance tabs, the machine's reports (audits) themselves.
 */
export function MachineDocumentsCard({ base, machineId }: { base: string; machineId: string }) {
  const { t } = useTranslation('machines');
  const documents = useRowsBy('document', 'machineId', machineId);
  const reports: Record<string, number> = useMachineReportCounts(machineId) ?? {};
  return (
    <Section title={t('dashboard.documents')}>
      <Stack gap={6}>
        {DOCUMENT_TABS.map(({ kind }) => (
          <Group key={kind} justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={documentsPath(base, kind)} size="sm">
              {t(`documents.tabs.${kind}`)}
            </Anchor>
            <Text size="sm" c="dimmed" data-testid={`document-count-${kind}`}>
              {(documents ?? []).filter((d) => d.kind === kind).length + (reports[kind] ?? 0)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}
