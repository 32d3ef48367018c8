/**
 * The DGUV overview of SPEC §2 (customer dashboard, machine dashboard, start page): how many
 * hoses are checked within their interval and how the latest checks came out. Computed on the
 * device from the synced rows (src/db/dguv-status), so it works offline.
 */
import { Card, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDguvStats } from '../db/hooks';
import type { StatsScope } from '../db/dguv-status';

export function DguvOverview({ scope, title }: { scope: StatsScope | null; title?: string }) {
  const { t } = useTranslation('forms');
  const stats = useDguvStats(scope);
  return (
    <Card withBorder padding="md" data-testid="dguv-overview">
      <Title order={3} size="h4" mb="sm">
        {title ?? t('dguvOverview.title')}
      </Title>
      {!stats ? (
        <Skeleton height={64} />
      ) : stats.totelPipes === 0 ? (
        <Text c="dimmed">{t('dguvOverview.none')}</Text>
      ) : (
        <Stack gap="sm">
          <Progress
            value={(stats.checkedPipes / stats.totelPipes) * 100}
            aria-label={t('dguvOverview.label', {
              checked: stats.checkedPipes,
              total: stats.totelPipes,
            })}
          />
          <Text size="sm">
            {t('dguvOverview.label', { checked: stats.checkedPipes, total: stats.totelPipes })}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={t('dguvOverview.success')} value={stats.successPipes} color="green" />
            <Figure label={t('dguvOverview.warning')} value={stats.warningPipes} color="orange" />
            <Figure label={t('dguvOverview.error')} value={stats.errorPipes} color="red" />
            <Figure
              label={t('dguvOverview.unchecked')}
              value={stats.totelPipes - stats.successPipes - stats.warningPipes - stats.errorPipes}
              color="gray"
            />
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

function Figure({ label, value, color }: { label: string; value: number; color: string }) {
  // Number above its label: long labels (French) wrap instead of running into the next figure.
  return (
    <Stack gap={0} data-testid={`dguv-figure-${color}`} style={{ minWidth: 0 }}>
      <Text fw={700} size="xl" c={color}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
    </Stack>
  );
}
