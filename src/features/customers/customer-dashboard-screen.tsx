/**
 * `/customer/:customerId`: customer data, locations, contacts, apps, the DGUV overview (all
 * locations or one) and machines without location (docs/architecture.md). Edit and delete only for
 * can-edit; customer users reach only their own customer (the route guard redirects).
 */
import { Badge, Button, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DguvOverview } from '@components/dguv-overview';
import { DeleteButton } from '@components/forms';
import { RowState } from '@components/row-state';
import { PageHeader } from '@components/page-header';
import { useCanEdit } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { AppsCard } from './apps-card';
import { ContactsCard } from './contacts-card';
import { CustomerDataCard } from './customer-data-card';
import { DguvAuditsCard } from './dguv-audits-card';
import { locationLabel, type StoredCustomer } from './customer-form-schema';
import { LocationsCard } from './locations-card';
import { MachinesWithoutLocation } from '@components/machines-without-location';
import { deleteCustomer } from './data/customer-writes';
import { useStoredCustomer } from './use-stored-customer';

const ALL = 'all';

export function CustomerDashboardScreen() {
  const { customerId = '' } = useParams();
  const stored = useStoredCustomer(customerId);
  return (
    <RowState row={stored}>{(row) => <CustomerDashboard key={customerId} stored={row} />}</RowState>
  );
}

function CustomerDashboard({ stored }: { stored: StoredCustomer }) {
  const { t } = useTranslation(['customers', 'forms']);
  const canEdit = useCanEdit();
  const navigate = useNavigate();
  const { company, locations, contacts } = stored;
  const selection = useSelectionStore();
  const isActive = selection.customerId === company.id;
  const [scopeLocation, setScopeLocation] = useState<string>(
    isActive ? (selection.locationId ?? ALL) : ALL,
  );
  const scope = { companyId: company.id, locationId: scopeLocation === ALL ? null : scopeLocation };

  const actions = (
    <>
      {isActive ? (
        <Badge variant="light" size="lg" tt="none" data-testid="customer-active">
          {t('dashboard.isActive')}
        </Badge>
      ) : (
        <Button
          variant="light"
          onClick={() => selection.selectCustomer(company.id)}
          data-testid="customer-make-active"
        >
          {t('dashboard.makeActive')}
        </Button>
      )}
      {canEdit ? (
        <>
          <Button component={Link} to={`/customer/${company.id}/edit`} data-testid="customer-edit">
            {t('dashboard.edit')}
          </Button>
          <DeleteButton
            name={company.name}
            label={t('dashboard.delete')}
            failureText={t('errors.deleteFailed')}
            data-testid="customer-delete"
            onDelete={async () => {
              await deleteCustomer(company.id);
              if (isActive) selection.selectCustomer(null);
              void navigate('/customer');
            }}
          />
        </>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader title={company.name} subtitle={company.customerNumber} actions={actions} />
      <Stack gap="md">
        {/* Full width: the overview's four figures need the room in every language. */}
        {locations.length > 0 ? (
          <Select
            label={t('dashboard.locationScope')}
            data={[
              { value: ALL, label: t('dashboard.allLocations') },
              ...locations.map((l) => ({ value: l.id, label: locationLabel(l) })),
            ]}
            value={scopeLocation}
            onChange={(v) => setScopeLocation(v ?? ALL)}
            allowDeselect={false}
            maw={480}
          />
        ) : null}
        <DguvOverview scope={scope} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="md">
            <CustomerDataCard company={company} />
            <AppsCard customerId={company.id} />
            <MachinesWithoutLocation customerId={company.id} />
          </Stack>
          <Stack gap="md">
            <LocationsCard locations={locations} />
            <ContactsCard contacts={contacts} locations={locations} />
          </Stack>
        </SimpleGrid>
        <DguvAuditsCard customerId={company.id} />
      </Stack>
    </>
  );
}
