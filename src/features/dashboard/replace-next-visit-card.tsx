/**
 * Hoses of the selected customer or location to replace at the next visit (their service life
 * ends by their next inspection, docs/hose-lifecycle.md), with the day it ends; each links to
 * its machine's hoses, where the bulk order opens with exactly these chosen, and the rest to the
 * customer's hose list filtered to them.
 */
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serviceLifeEnd } from '@domain/rules/service-life';
import { customerReplaceNextVisitPath } from '@lib/hose-paths';
import { useFormat } from '@lib/i18n/use-format';
import type { CustomerScope } from './customer-scope';
import { DashboardPipeLine } from './dashboard-pipe-line';
import type { DuePipe } from './data/scope-queries';

/** More would make the start page a hose list; the rest is on the customer's hose page. */
const SHOWN = 10;

/** `pipes`: undefined while they load. */
export function ReplaceNextVisitCard({
  scope,
  pipes,
}: {
  scope: CustomerScope;
  pipes: DuePipe[] | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const cid = scope.companyId;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="replace-next-visit">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="replace-next-visit">
          {t('replaceNextVisit.heading')}
        </Title>
        {pipes && pipes.length > 0 ? (
          <Badge color="orange" data-testid="replace-next-visit-count">
            {pipes.length}
          </Badge>
        ) : null}
      </Group>
      {pipes === undefined ? (
        <Skeleton height={64} />
      ) : pipes.length === 0 ? (
        <Text c="dimmed">{t('replaceNextVisit.none')}</Text>
      ) : (
        <Stack gap={0} data-testid="replace-next-visit-pipes">
          {pipes.slice(0, SHOWN).map(({ pipe, machine }) => {
            const end = serviceLifeEnd(pipe);
            return (
              <DashboardPipeLine key={pipe.id} customerId={cid} pipe={pipe} machine={machine}>
                {end ? t('replaceNextVisit.lifeEnds', { date: format.day(end) }) : null}
              </DashboardPipeLine>
            );
          })}
          {pipes.length > SHOWN ? (
            <Anchor component={Link} to={customerReplaceNextVisitPath(cid)} size="sm" mt="xs">
              {t('due.more', { count: pipes.length - SHOWN })}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
