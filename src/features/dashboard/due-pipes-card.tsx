/**
 * Hoses of the selected customer or location that are overdue (never checked counts) or due
 * within 30 days, most urgent first; each links to its machine's hose list.
 */
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DuePipe } from './data/scope-queries';
import { formatDay } from '@domain/format';
import type { CustomerScope } from './customer-scope';
import { DashboardPipeLine } from './dashboard-pipe-line';

/** More would make the start page a hose list; the rest is on the customer's hose page. */
const SHOWN = 10;

/** `due`: undefined while they load. */
export function DuePipesCard({ scope, due }: { scope: CustomerScope; due: DuePipe[] | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const cid = scope.companyId;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="due-pipes">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="due-pipes">
          {t('due.heading')}
        </Title>
        {due && due.length > 0 ? <Badge color="red">{due.length}</Badge> : null}
      </Group>
      {due === undefined ? (
        <Skeleton height={64} />
      ) : due.length === 0 ? (
        <Text c="dimmed">{t('due.none')}</Text>
      ) : (
        <Stack gap="xs">
          <Stack gap={0} data-testid="due-pipes">
            {due.slice(0, SHOWN).map(({ pipe, machine, status }) => (
              <DashboardPipeLine
                key={pipe.id}
                customerId={cid}
                pipe={pipe}
                machine={machine}
                color={status.overdue ? 'red' : 'orange'}
              >
                {status.nextDue === null
                  ? t('due.neverChecked')
                  : `${formatDay(status.nextDue, i18n.language)}${
                      status.overdue ? ` · ${t('due.overdue')}` : ''
                    }`}
              </DashboardPipeLine>
            ))}
          </Stack>
          {due.length > SHOWN ? (
            <Anchor component={Link} to={`/customer/${cid}/pipes`} size="sm">
              {t('due.more', { count: due.length - SHOWN })}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
