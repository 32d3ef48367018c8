/**
 * The cells of a hose line that say more than a value: category, accessories, last DGUV
 * result, next due date (overdue red, due within 30 days orange) and the service-life flag.
 * Colour never carries meaning alone: every badge has its text.
 */
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PipeStatus } from '../../db/dguv-status';
import type { DguvResult } from '../../domain/schemas/dguv-answer';
import type { Pipe } from './hose-filters';

/** 'YYYY-MM-DD…' → a short local date; null for no date. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return (value: string | null | undefined) =>
      value ? format.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)) : null;
  }, [i18n.language]);
}

export function CategoryBadge({ pipe }: { pipe: Pipe }) {
  const { t } = useTranslation('pipes');
  return pipe.isCritical ? (
    <Badge color="red" variant="light" size="sm">
      {t('category.critical')}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      {t('category.normal')}
    </Text>
  );
}

export function AccessoryBadges({ pipe }: { pipe: Pipe }) {
  const { t } = useTranslation(['pipes', 'forms']);
  if (!pipe.withRope && !pipe.withProtection) return <Text c="dimmed">{t('forms:none')}</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {pipe.withRope ? (
        <Badge variant="outline" size="sm" color="gray">
          {t('accessory.rope')}
        </Badge>
      ) : null}
      {pipe.withProtection ? (
        <Badge variant="outline" size="sm" color="gray">
          {t('accessory.protection')}
        </Badge>
      ) : null}
    </Group>
  );
}

const RESULT_COLOR = { success: 'green', warning: 'orange', error: 'red' } as const;

/** The last DGUV result of a status: null never checked, undefined not read yet. */
export const resultOf = (status: PipeStatus | undefined) =>
  status ? (status.lastCheck?.result ?? null) : undefined;

export function ResultBadge({ result }: { result: DguvResult | null | undefined }) {
  const { t } = useTranslation('pipes');
  if (result === undefined) return null;
  if (result === null) {
    return (
      <Badge color="gray" variant="light" size="sm" data-result="none">
        {t('result.none')}
      </Badge>
    );
  }
  return (
    <Badge color={RESULT_COLOR[result]} variant="filled" size="sm" data-result={result}>
      {t(`result.${result}`)}
    </Badge>
  );
}

export function NextDue({ status }: { status: PipeStatus | undefined }) {
  const { t } = useTranslation('pipes');
  const date = useDateFormat();
  if (!status) return null;
  if (!status.nextDue) {
    return (
      <Text size="sm" c="red" fw={600}>
        {t('due.now')}
      </Text>
    );
  }
  const color = status.overdue ? 'red' : status.dueSoon ? 'orange' : undefined;
  const hint = status.overdue ? t('due.overdue') : status.dueSoon ? t('due.soon') : undefined;
  return (
    <Text size="sm" c={color} fw={color ? 600 : undefined} title={hint} data-due={color ?? 'ok'}>
      {date(status.nextDue)}
      {hint ? <VisuallyHidden> ({hint})</VisuallyHidden> : null}
    </Text>
  );
}

export function ServiceLifeBadge({ status }: { status: PipeStatus | undefined }) {
  const { t } = useTranslation('pipes');
  if (!status?.serviceLifeExceeded) return null;
  return (
    <Badge color="red" variant="filled" size="sm" data-testid="service-life-exceeded">
      {t('serviceLifeExceeded')}
    </Badge>
  );
}
