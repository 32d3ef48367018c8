/** Section "General" of the customer form: name, VAT ID, number, industry, phone, email, logo. */
import { Card, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EnumSelect, ImageField } from '@components/forms';
import { useRow } from '@db/hooks';
import { INDUSTRY } from '@domain/schemas/enums';
import { setCustomerLogo } from './data/customer-writes';
import type { CustomerFormValues } from './customer-form-schema';

export interface GeneralSectionProps {
  form: UseFormReturnType<CustomerFormValues>;
  /** The saved customer (edit): its logo can be set; none while creating. */
  companyId: string | null;
}

export function GeneralSection({ form, companyId }: GeneralSectionProps) {
  const { t } = useTranslation('customers');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-general">
      <Title order={3} size="h4" id="customer-general" mb="sm">
        {t('form.general')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.name')}
          withAsterisk
          autoComplete="organization"
          data-testid="customer-name"
          {...form.getInputProps('company.name')}
        />
        <TextInput
          label={t('fields.customerNumber')}
          {...form.getInputProps('company.customerNumber')}
        />
        <TextInput label={t('fields.taxident')} {...form.getInputProps('company.taxident')} />
        <EnumSelect
          label={t('fields.industry')}
          enumName="INDUSTRY"
          values={INDUSTRY}
          {...form.getInputProps('company.industry')}
        />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('company.phone')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('company.email')}
        />
      </SimpleGrid>
      {companyId ? (
        <LogoField companyId={companyId} />
      ) : (
        <Text size="sm" c="dimmed" mt="md">
          {t('form.logoAfterCreate')}
        </Text>
      )}
    </Card>
  );
}

/** The logo is a file of the saved row: it is stored at once, apart from the form's save. */
function LogoField({ companyId }: { companyId: string }) {
  const { t } = useTranslation('customers');
  const company = useRow('company', companyId);
  if (!company) return null;
  return (
    <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
      <ImageField
        entity="company"
        rowId={companyId}
        value={company.logo}
        label={t('fields.logo')}
        onChange={async (logo) => {
          await setCustomerLogo(companyId, logo);
        }}
      />
    </div>
  );
}
