/**
 * `/customer/:customerId/pipes`: every hose of the customer's machines — of the selected
 * location only when one is selected for this customer — with a machine column, by machine
 * and position. Hoses are created on their machine, so this list has no create button.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@components/page-header';
import { useRow } from '@db/hooks';
import { useCustomerPipes } from './data/hose-list-queries';
import { useCanEdit } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import type { HoseLinks } from './hose-filters';
import { HoseList } from './hose-list';
import { useHoseRows } from './use-hose-rows';

export function CustomerPipesScreen() {
  const { t } = useTranslation(['pipes', 'routes']);
  const { customerId = '' } = useParams();
  const canEdit = useCanEdit();
  const selection = useSelectionStore();
  const locationId = selection.customerId === customerId ? selection.locationId : null;
  const customer = useRow('company', customerId);
  const location = useRow('location', locationId);
  const data = useCustomerPipes(customerId, locationId);
  const lines = useHoseRows(data);
  const base = `/customer/${customerId}/machine`;
  // Stable, so memoised list lines do not re-render on every change of the screen.
  const links = useMemo<HoseLinks>(
    () => ({
      machine: (id) => `${base}/${id}/parts/pipes`,
      ...(canEdit ? { edit: (p) => `${base}/${p.machineId}/parts/pipes/${p.id}` } : {}),
    }),
    [canEdit, base],
  );
  const where = location
    ? t('location', {
        name: [location.street, location.houseNumber, location.city].filter(Boolean).join(' '),
      })
    : t('allLocations');

  return (
    <>
      <PageHeader
        title={t('routes:customerPipes')}
        subtitle={customer ? `${customer.name} · ${where}` : where}
      />
      <HoseList
        {...lines}
        links={links}
        emptyText={t('emptyCustomer')}
        exportName={customer?.name}
      />
    </>
  );
}
