/**
 * The start page's figures for the selected customer (all locations or one): counts, DGUV
 * overview, hoses due, hoses to replace at the next visit, machines without location — all
 * computed on the device. Loaded after the first paint (it brings the device database) and
 * shown in one piece once every figure is in: cards growing one after another would push the
 * page around (layout shift). The customer, counts and hose lists come from one read, and the
 * cards are memoised, so the overview renders once per result rather than once per figure: on
 * a phone each render of it is a task in which a tap waits (docs/performance.md).
 */
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DguvOverview as DguvOverviewCard } from '@components/dguv-overview';
import { isCustomerUser } from '@domain/rules/permissions';
import { useAuthStore } from '@lib/auth';
import type { CustomerScope } from './customer-scope';
import { useOverviewFigures } from './data/scope-queries';
import { ReplaceNextVisitCard as ReplaceCard } from './replace-next-visit-card';
import { DuePipesCard as DueCard } from './due-pipes-card';
import { OverviewPlaceholder } from './overview-placeholder';
import { ScopeCountCards as CountCards } from './scope-counts';
import { MachinesWithoutLocation as WithoutLocation } from '@components/machines-without-location';

const HIDDEN: CSSProperties = { display: 'none' };

// Each card renders again only when its own figures change, not when another one loads.
const DguvOverview = memo(DguvOverviewCard);
const MachinesWithoutLocation = memo(WithoutLocation);
const DuePipesCard = memo(DueCard);
const ReplaceNextVisitCard = memo(ReplaceCard);
const ScopeCountCards = memo(CountCards);

export interface CustomerOverviewProps {
  scope: CustomerScope;
  /** Called once the overview shows (its figures all loaded, or the customer missing). */
  onShown?: () => void;
}

export const CustomerOverview = memo(function CustomerOverview({
  scope,
  onShown,
}: CustomerOverviewProps) {
  const { t } = useTranslation('dashboard');
  const user = useAuthStore((s) => s.user);
  // A customer user's customer is fixed: they change only the location.
  const change = t(user && isCustomerUser(user) ? 'selected.changeLocation' : 'selected.change');
  const figures = useOverviewFigures(scope);
  const company = figures?.company;
  const [dguvLoaded, setDguvLoaded] = useState(false);
  const [machinesLoaded, setMachinesLoaded] = useState(false);
  const onDguvLoaded = useCallback(() => setDguvLoaded(true), []);
  const onMachinesLoaded = useCallback(() => setMachinesLoaded(true), []);
  const shown = company === null || (figures !== undefined && dguvLoaded && machinesLoaded);
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);

  if (figures === undefined || company === undefined) return <OverviewPlaceholder />;
  if (company === null) {
    return (
      <Alert color="yellow" title={t('selected.missing')} data-testid="dashboard-missing-customer">
        <Anchor component={Link} to="/customer/select">
          {change}
        </Anchor>
      </Alert>
    );
  }
  const { location, counts, due, replace } = figures;
  const where = location
    ? [[location.street, location.houseNumber].filter(Boolean).join(' '), location.city]
        .filter(Boolean)
        .join(', ')
    : t('selected.allLocations');

  return (
    <>
      {shown ? null : <OverviewPlaceholder />}
      {/* Rendered while hidden, so its parts load their figures. */}
      <Stack
        gap="md"
        component="section"
        aria-labelledby="selected-customer"
        style={shown ? undefined : HIDDEN}
      >
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t('selected.label')}
            </Text>
            <Title
              order={2}
              size="h3"
              id="selected-customer"
              style={{ overflowWrap: 'break-word' }}
            >
              {company.name}
            </Title>
            <Text size="sm" data-testid="dashboard-location">
              {where}
            </Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to="/customer/select" variant="default">
              {change}
            </Button>
            <Button component={Link} to={`/customer/${company.id}`} variant="light">
              {t('selected.open')}
            </Button>
          </Group>
        </Group>
        <ScopeCountCards counts={counts} />
        {/* Full width: the overview's four figures need the room in every language. */}
        <DguvOverview scope={scope} onLoaded={onDguvLoaded} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <MachinesWithoutLocation customerId={company.id} onLoaded={onMachinesLoaded} />
          <DuePipesCard scope={scope} due={due} />
          <ReplaceNextVisitCard scope={scope} pipes={replace} />
        </SimpleGrid>
      </Stack>
    </>
  );
});
