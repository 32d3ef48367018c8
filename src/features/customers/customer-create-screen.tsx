/** `/customer/create` (can-edit): a new customer; afterwards it is selected and shown. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSelectionStore } from '../../lib/selection/selection-store';
import { CustomerForm } from './customer-form';
import { emptyCustomerValues } from './customer-form-schema';
import { createCustomer } from './save-customer';

export function CustomerCreateScreen() {
  const { t } = useTranslation(['routes', 'forms']);
  const navigate = useNavigate();
  const selectCustomer = useSelectionStore((s) => s.selectCustomer);
  const [initialValues] = useState(emptyCustomerValues);
  return (
    <>
      <PageHeader
        title={t('routes:customerCreate')}
        back={{ to: '/customer', label: t('routes:customers') }}
      />
      <CustomerForm
        initialValues={initialValues}
        stored={null}
        cancelTo="/customer"
        onSave={async (data) => {
          const id = await createCustomer(data);
          selectCustomer(id);
          void navigate(`/customer/${id}`);
        }}
      />
    </>
  );
}
