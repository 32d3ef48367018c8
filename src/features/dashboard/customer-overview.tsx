/**
 * The start page's figures for the selected customer (all locations or one): counts, DGUV
 * overview, hoses due, machines without location — all computed on the device.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DguvOverview } from '../../components/dguv-overview';
import { useRow } from '../../db/hooks';
import type { CustomerScope } from './customer-scope';
import { DuePipesCard } from './due-pipes-card';
import { ScopeCountCards } from './scope-counts';
import { MachinesWithoutLocation } from '../../components/machines-without-location';

export function CustomerOverview({ scope }: { scope: CustomerScope }) {
  const { t } = useTranslation('dashboard');
  const company = useRow('company', scope.companyId);
  const location = useRow('location', scope.locationId);
  if (company === undefined) return <Skeleton height={120} />;
  if (company === null) {
    return (
      <Alert color="yellow" title={t('selected.missing')} data-testid="dashboard-missing-customer">
        <Anchor component={Link} to="/customer/select">
          {t('selected.change')}
        </Anchor>
      </Alert>
    );
  }
  const where = location
    ? [[location.street, location.houseNumber].filter(Boolean).join(' '), location.city]
        .filter(Boolean)
        .join(', ')
    : t('selected.allLocations');

  return (
    <Stack gap="md" component="section" aria-labelledby="selected-customer">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('selected.label')}
          </Text>
          <Title order={2} size="h3" id="selected-customer" style={{ overflowWrap: 'break-word' }}>
            {company.name}
          </Title>
          <Text size="sm" data-testid="dashboard-location">
            {where}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/customer/select" variant="default">
            {t('selected.change')}
          </Button>
          <Button component={Link} to={`/customer/${company.id}`} variant="light">
            {t('selected.open')}
          </Button>
        </Group>
      </Group>
      <ScopeCountCards scope={scope} />
      {/* Full width: the overview's four figures need the room in every language. */}
      <DguvOverview scope={scope} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MachinesWithoutLocation customerId={company.id} />
        <DuePipesCard scope={scope} />
      </SimpleGrid>
    </Stack>
  );
}
