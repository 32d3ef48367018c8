/**
 * `/customer/:customerId/edit` (can-edit): the customer form filled with the stored rows. The
 * rows are taken once when the form opens (the diff on save and the versions the user started
 * from); later syncs do not reset what is being typed.
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DeleteButton } from '@components/forms';
import { RowState } from '@components/row-state';
import { PageHeader } from '@components/page-header';
import { useSelectionStore } from '@lib/selection/selection-store';
import { CustomerForm } from './customer-form';
import { customerValues, type StoredCustomer } from './customer-form-schema';
import { deleteCustomer, updateCustomer } from './data/customer-writes';
import { useStoredCustomer } from './use-stored-customer';

export function CustomerEditScreen() {
  const { customerId = '' } = useParams();
  const stored = useStoredCustomer(customerId);
  return <RowState row={stored}>{(row) => <EditForm key={customerId} stored={row} />}</RowState>;
}

function EditForm({ stored: live }: { stored: StoredCustomer }) {
  const { t } = useTranslation(['routes', 'customers']);
  const navigate = useNavigate();
  const [stored] = useState(live);
  const [initialValues] = useState(() => customerValues(live));
  const { customerId, selectCustomer } = useSelectionStore();
  const id = stored.company.id;
  const dashboard = `/customer/${id}`;
  return (
    <>
      <PageHeader
        title={t('routes:customerEdit')}
        subtitle={live.company.name}
        back={{ to: dashboard, label: live.company.name }}
        actions={
          <DeleteButton
            name={live.company.name}
            label={t('customers:dashboard.delete')}
            failureText={t('customers:errors.deleteFailed')}
            onDelete={async () => {
              await deleteCustomer(id);
              if (customerId === id) selectCustomer(null);
              void navigate('/customer');
            }}
          />
        }
      />
      <CustomerForm
        initialValues={initialValues}
        stored={stored}
        cancelTo={dashboard}
        onSave={async (data) => {
          await updateCustomer(data, stored);
          void navigate(dashboard);
        }}
      />
    </>
  );
}
