/**
 * The start page's "replace at the next visit" while no customer is selected: every customer
 * the user may see with hoses whose service life ends by their next inspection
 * (docs/hose-lifecycle.md), how many, each linking to that customer's hose list filtered to
 * them. Loaded after the first paint with the device database; `onShown` once it is in.
 */
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerReplaceNextVisitPath } from '@lib/hose-paths';
import { useReplaceNextVisitByCustomer } from './data/scope-queries';

export function AllCustomersReplaceCard({ onShown }: { onShown?: () => void }) {
  const { t } = useTranslation('dashboard');
  const customers = useReplaceNextVisitByCustomer();
  const shown = customers !== undefined;
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  if (customers === undefined) return <Skeleton height={120} aria-hidden="true" />;
  const total = customers.reduce((n, c) => n + c.count, 0);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="replace-next-visit-all">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="replace-next-visit-all">
          {t('replaceNextVisit.heading')}
        </Title>
        {total > 0 ? (
          <Badge color="orange" data-testid="replace-next-visit-count">
            {total}
          </Badge>
        ) : null}
      </Group>
      {customers.length === 0 ? (
        <Text c="dimmed">{t('replaceNextVisit.none')}</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {customers.map(({ company, count }) => (
            <Group
              key={company.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid="replace-next-visit-customer"
            >
              <Anchor
                component={Link}
                to={customerReplaceNextVisitPath(company.id)}
                fw={500}
                style={{ minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {company.name}
              </Anchor>
              <Text size="sm" c="orange" style={{ flexShrink: 0 }}>
                {t('replaceNextVisit.hoses', { count })}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
