/**
 * `/customer/select`: choose the active customer and location (docs/architecture.md, docs/api.md, kept in the
 * selection cookie). Staff search a customer, or go back to all customers; customer users
 * only choose among their own customer's locations. Afterwards: the `redirect` query
 * parameter when given (and safe), `next=machines` the customer's machine list (the menu's
 * Machines while no customer is selected: the screen says so), else the customer's dashboard.
 */
import { Alert, Button, Card, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@components/page-header';
import { useCompanies, useLocations } from '@db/hooks';
import { machineLocationChoices } from '@domain/rules/locations';
import { isCustomerUser } from '@domain/rules/permissions';
import { safeRedirect, useAuthStore, usePermission } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { locationLabel } from './customer-form-schema';
import { NEXT_MACHINES } from '@lib/selection/select-next';

const ALL = 'all';

export function CustomerSelectScreen() {
  const { t } = useTranslation(['customers', 'routes', 'enums']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useAuthStore((s) => s.user);
  const mayList = usePermission('ui-admininstrator');
  const selection = useSelectionStore();
  const ownCustomer = user && isCustomerUser(user) ? user.customer : null;
  const companies = useCompanies();
  const [customerId, setCustomerId] = useState<string | null>(ownCustomer ?? selection.customerId);
  const [location, setLocation] = useState<string>(selection.locationId ?? ALL);
  const rawLocations = useLocations(customerId ?? '');
  // The active location narrows the machines: only places a machine can stand at.
  const locations = rawLocations
    ? machineLocationChoices(rawLocations).sort((a, b) =>
        locationLabel(a).localeCompare(locationLabel(b), 'de'),
      )
    : undefined;
  const redirect = params.get('redirect');
  const forMachines = params.get('next') === NEXT_MACHINES;

  const chooseCustomer = (id: string | null) => {
    setCustomerId(id);
    setLocation(ALL);
  };
  const apply = () => {
    if (!customerId) return;
    const locationId = location === ALL ? null : location;
    selection.selectCustomer(customerId, locationId);
    const home = `/customer/${encodeURIComponent(customerId)}`;
    void navigate(redirect ? safeRedirect(redirect) : forMachines ? `${home}/machine` : home);
  };
  const showAll = () => {
    selection.selectCustomer(null);
    void navigate(mayList ? '/customer' : '/');
  };
  const validLocation = location === ALL || (locations ?? []).some((l) => l.id === location);

  return (
    <>
      <PageHeader title={ownCustomer ? t('select.ownTitle') : t('routes:customerSelect')} />
      {forMachines && !ownCustomer ? (
        <Alert color="blue" maw={640} mb="md" data-testid="select-for-machines">
          {t('select.forMachines')}
        </Alert>
      ) : null}
      <Card withBorder padding="md" maw={640}>
        <Stack gap="md">
          {ownCustomer ? (
            <Text fw={500} data-testid="select-own-customer">
              {companies?.find((c) => c.id === ownCustomer)?.name ?? ''}
            </Text>
          ) : (
            <Select
              label={t('select.customer')}
              placeholder={t('select.customerPlaceholder')}
              nothingFoundMessage={t('select.nothingFound')}
              searchable
              clearable
              data={(companies ?? []).map((c) => ({
                value: c.id,
                label: c.customerNumber ? `${c.name} (${c.customerNumber})` : c.name,
              }))}
              value={customerId}
              onChange={chooseCustomer}
              data-testid="select-customer"
            />
          )}
          {customerId ? (
            <Radio.Group
              label={t('select.location')}
              value={validLocation ? location : ALL}
              onChange={setLocation}
            >
              <Stack gap="xs" mt="xs" data-testid="select-locations">
                <Radio value={ALL} label={t('select.allLocations')} />
                {(locations ?? []).map((l) => (
                  <Radio
                    key={l.id}
                    value={l.id}
                    label={`${locationLabel(l)} – ${t(`enums:ADDRESSTYPE.${l.type}`)}`}
                  />
                ))}
              </Stack>
              {locations?.length === 0 ? (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('select.noLocations')}
                </Text>
              ) : null}
            </Radio.Group>
          ) : null}
          <Group justify="space-between">
            {ownCustomer ? (
              <span />
            ) : (
              <Button variant="subtle" onClick={showAll} data-testid="select-all-customers">
                {t('select.allCustomers')}
              </Button>
            )}
            <Button onClick={apply} disabled={!customerId} data-testid="select-apply">
              {t('select.apply')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </>
  );
}
