/**
 * The checked hose ("the hose's data and marking"): a bar with its code, position and
 * marking that stays at the top while the technician answers (the answers always
 * belong to the hose in view), and the card with the rest of its data.
 */
import { Alert, Badge, Card, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber } from '@domain/format';
import { useEnumLabel } from '@components/forms';
import type { EntityRow } from '@db/entity-tables';
import type { Fitting } from '@domain/schemas/pipe';

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

/** Code, position, critical and the marking in one line; sticky below the app header. */
export const CurrentHoseBar = forwardRef<HTMLDivElement, { pipe: Pipe }>(function CurrentHoseBar(
  { pipe },
  ref,
) {
  const { t } = useTranslation(['dguv', 'forms']);
  const marking = [
    pipe.dn === null ? null : `DN ${pipe.dn}`,
    pipe.maxPn === null ? null : `${pipe.maxPn} ${t('forms:units.bar')}`,
    pipe.length === null ? null : `${pipe.length} ${t('forms:units.mm')}`,
    pipe.hoseType,
  ].filter(Boolean);
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      withBorder
      shadow="xs"
      p="sm"
      data-testid="check-current-hose"
      style={{
        position: 'sticky',
        top: 'var(--app-shell-header-offset, 0px)',
        zIndex: 5,
        outline: 'none',
      }}
    >
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size="lg" component="h3" m={0}>
          {t('dguv:check.hose', { code: pipe.code })}
        </Text>
        <Badge variant="light">{t('dguv:check.position', { position: pipe.position })}</Badge>
        {pipe.isCritical ? (
          <Badge color="grape" variant="light">
            {t('dguv:check.critical')}
          </Badge>
        ) : null}
      </Group>
      {marking.length > 0 ? (
        <Text size="sm" c="dimmed">
          {marking.join(' · ')}
        </Text>
      ) : null}
    </Paper>
  );
});

export function PipeFacts({
  pipe,
  serviceLifeExceeded,
}: {
  pipe: Pipe;
  serviceLifeExceeded: boolean;
}) {
  const { t, i18n } = useTranslation(['dguv', 'pipes', 'forms']);
  const label = useEnumLabel();
  const fitting = (f: Fitting | null) =>
    f?.type ? [label('FITTING_TYPE', f.type), f.socket].filter(Boolean).join(' ') : null;
  const fittings = [fitting(pipe.fittingLeft), fitting(pipe.fittingRight)].filter(Boolean);
  const yesNo = (v: boolean) => (v ? t('dguv:check.yes') : t('dguv:check.no'));
  return (
    <Card withBorder>
      <Text size="sm" fw={600} mb={4}>
        {t('dguv:check.marking')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={t('dguv:check.data.dn')} value={pipe.dn} />
        <Fact
          label={t('dguv:check.data.maxPn')}
          value={
            pipe.maxPn === null
              ? null
              : `${formatNumber(pipe.maxPn, i18n.language)} ${t('forms:units.bar')}`
          }
        />
        <Fact
          label={t('dguv:check.data.length')}
          value={
            pipe.length === null
              ? null
              : `${formatNumber(pipe.length, i18n.language)} ${t('forms:units.mm')}`
          }
        />
        <Fact
          label={t('dguv:check.data.productionDate')}
          value={formatDay(pipe.productionDate, i18n.language) || null}
        />
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
