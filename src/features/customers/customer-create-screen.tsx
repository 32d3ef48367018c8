/**
 * `/customer/create` (can-edit): a new customer, shown afterwards. The active customer stays
 * as it was (creating one must not silently switch the office's context); the new
 * customer's dashboard offers "select".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@components/page-header';
import { CustomerForm } from './customer-form';
import { emptyCustomerValues } from './customer-form-schema';
import { createCustomer } from './data/customer-writes';

export function CustomerCreateScreen() {
  const { t } = useTranslation(['routes', 'forms']);
  const navigate = useNavigate();
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
          void navigate(`/customer/${id}`);
        }}
      />
    </>
  );
}
