/**
 * The customer form of the create and edit screens: sections General, Addresses and Contacts,
 * validated by the domain schemas (translated docs/api.md messages), saved through
 * data/customer-writes.ts so it works offline. Submit is disabled while saving; leaving with
 * changes asks first.
 */
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, useSchemaForm } from '@components/forms';
import { getDatabase } from '@db/database';
import { listCompanies } from '@db/entity-repository';
import { customerNumberTaken } from '@domain/schemas/company';
import { AddressesSection } from './addresses-section';
import { ContactsSection } from './contacts-section';
import {
  customerFormSchema,
  type CustomerFormOutput,
  type CustomerFormValues,
  type StoredCustomer,
} from './customer-form-schema';
import { GeneralSection } from './general-section';

export interface CustomerFormProps {
  initialValues: CustomerFormValues;
  /** The saved customer being edited; null when creating. */
  stored: StoredCustomer | null;
  onSave: (data: CustomerFormOutput) => Promise<void>;
  cancelTo: string;
}

export function CustomerForm({ initialValues, stored, onSave, cancelTo }: CustomerFormProps) {
  const { t } = useTranslation(['forms', 'customers']);
  const { form, saving, submit } = useSchemaForm<CustomerFormValues>({
    schema: customerFormSchema,
    initialValues,
    // Read at submit, not from a live query that may not have answered yet.
    extraErrors: async (v): Promise<Record<string, string>> =>
      customerNumberTaken(
        v.company.customerNumber,
        await listCompanies(getDatabase()),
        stored?.company.id ?? null,
      )
        ? { 'company.customerNumber': t('customers:customerNumberExists') }
        : {},
  });
  const storedLocations = useMemo(
    () => new Set(stored?.locations.map((l) => l.id) ?? []),
    [stored],
  );
  const storedContacts = useMemo(() => new Set(stored?.contacts.map((c) => c.id) ?? []), [stored]);

  return (
    <form
      noValidate
      data-testid="customer-form"
      onSubmit={submit(async (input) => {
        await onSave(customerFormSchema.parse(input));
      })}
    >
      <Stack gap="lg">
        <GeneralSection form={form} companyId={stored?.company.id ?? null} />
        <AddressesSection form={form} storedIds={storedLocations} />
        <ContactsSection form={form} storedIds={storedContacts} />
      </Stack>
      <FormActions
        saving={saving}
        cancelTo={cancelTo}
        saveLabel={saving ? t('saving') : t('save')}
      />
    </form>
  );
}
