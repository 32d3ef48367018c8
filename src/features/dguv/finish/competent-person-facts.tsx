/**
 * The competent person on the finish screen (docs/dguv-record.md): the signed-in user's
 * qualification as the office keeps it (carried with the session, so it shows offline), and a
 * warning — not a block — when the last refresher is older than the company's setting or not
 * recorded (rules/competent-person).
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllRows } from '@db/hooks';
import { formatDay } from '@domain/format';
import {
  DEFAULT_REFRESHER_YEARS,
  isRefresherOverdue,
  refresherDue,
} from '@domain/rules/competent-person';
import { useAuthStore } from '@lib/auth';

export function CompetentPersonFacts({ now }: { now?: Date }) {
  const { t, i18n } = useTranslation('dguv');
  const profile = useAuthStore((s) => s.user?.competentPerson ?? null);
  const settings = useAllRows('companySettings');
  if (settings === undefined) return null;
  const years = settings[0]?.refresherYears ?? DEFAULT_REFRESHER_YEARS;
  const last = profile?.lastRefresher ?? null;
  const overdue = isRefresherOverdue(last, years, now ?? new Date());
  const day = (value: string | null) => (value ? formatDay(value, i18n.language) : '');
  return (
    <Stack gap={4} data-testid="finish-competent-person">
      <Text size="sm">
        {t('finish.qualification')}:{' '}
        {profile?.qualification ?? (
          <Text span c="dimmed" size="sm">
            {t('finish.notRecorded')}
          </Text>
        )}
      </Text>
      {profile?.training ? (
        <Text size="sm">
          {t('finish.training')}: {profile.training}
        </Text>
      ) : null}
      {last ? (
        <Text size="sm">
          {t('finish.lastRefresher')}: {day(last)}
        </Text>
      ) : null}
      {overdue ? (
        <Alert color="orange" mt={4} data-testid="finish-refresher-warning">
          {last
            ? t('finish.refresherOverdue', {
                count: years,
                last: day(last),
                due: day(refresherDue(last, years)),
              })
            : t('finish.refresherUnknown', { count: years })}
        </Alert>
      ) : null}
    </Stack>
  );
}
