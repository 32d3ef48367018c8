/** The checked hose's data and marking (issue #6 "the hose's data and marking"). */
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../../../components/forms';
import type { EntityRow } from '../../../db/entity-tables';
import type { Fitting } from '../../../domain/schemas/pipe';

type Pipe = EntityRow<'pipe'>;

function Fact({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value === null || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}

export function PipeFacts({
  pipe,
  serviceLifeExceeded,
}: {
  pipe: Pipe;
  serviceLifeExceeded: boolean;
}) {
  const { t } = useTranslation(['dguv', 'pipes', 'forms']);
  const label = useEnumLabel();
  const fitting = (f: Fitting | null) =>
    f?.type ? [label('FITTING_TYPE', f.type), f.socket].filter(Boolean).join(' ') : null;
  const fittings = [fitting(pipe.fittingLeft), fitting(pipe.fittingRight)].filter(Boolean);
  const yesNo = (v: boolean) => (v ? t('dguv:check.yes') : t('dguv:check.no'));
  return (
    <Card withBorder>
      <Group gap="xs" mb="xs">
        <Text fw={700} size="lg">
          {t('dguv:check.hose', { code: pipe.code })}
        </Text>
        <Badge variant="light">{t('dguv:check.position', { position: pipe.position })}</Badge>
        {pipe.isCritical ? (
          <Badge color="grape" variant="light">
            {t('dguv:check.critical')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" fw={600} mb={4}>
        {t('dguv:check.marking')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={t('dguv:check.data.dn')} value={pipe.dn} />
        <Fact
          label={t('dguv:check.data.maxPn')}
          value={pipe.maxPn === null ? null : `${pipe.maxPn} ${t('forms:units.bar')}`}
        />
        <Fact
          label={t('dguv:check.data.length')}
          value={pipe.length === null ? null : `${pipe.length} ${t('forms:units.mm')}`}
        />
        <Fact label={t('dguv:check.data.productionDate')} value={pipe.productionDate} />
        <Fact label={t('dguv:check.data.hoseType')} value={pipe.hoseType} />
        <Fact label={t('dguv:check.data.fittings')} value={fittings.join(' / ') || null} />
        <Fact label={t('dguv:check.data.protection')} value={yesNo(pipe.withProtection)} />
        <Fact label={t('dguv:check.data.rope')} value={yesNo(pipe.withRope)} />
      </SimpleGrid>
      {serviceLifeExceeded ? (
        <Alert color="orange" mt="sm" role="status">
          {t('dguv:check.serviceLifeExceeded')}
        </Alert>
      ) : null}
    </Card>
  );
}
