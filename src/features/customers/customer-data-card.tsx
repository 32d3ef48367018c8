/** The customer's own data on its dashboard: number, VAT ID, industry, phone, email. */
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '@components/forms';
import type { Company } from '@domain/schemas/company';

export function CustomerDataCard({ company }: { company: Company }) {
  const { t } = useTranslation(['customers', 'forms']);
  const enumLabel = useEnumLabel();
  const none = t('forms:none');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-data">
      <Title order={3} size="h4" id="customer-data" mb="sm">
        {t('dashboard.data')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="customer-data">
        <Field label={t('fields.customerNumber')}>{company.customerNumber ?? none}</Field>
        <Field label={t('fields.taxident')}>{company.taxident ?? none}</Field>
        <Field label={t('fields.industry')}>
          {enumLabel('INDUSTRY', company.industry) || none}
        </Field>
        <Field label={t('fields.phone')}>
          {company.phone ? <Anchor href={`tel:${company.phone}`}>{company.phone}</Anchor> : none}
        </Field>
        <Field label={t('fields.email')}>
          {company.email ? (
            <Anchor href={`mailto:${company.email}`} style={{ overflowWrap: 'break-word' }}>
              {company.email}
            </Anchor>
          ) : (
            none
          )}
        </Field>
      </SimpleGrid>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
