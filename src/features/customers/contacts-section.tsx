/**
 * Section "Contacts" of the customer form: 0..n contact persons (first and last name, phone,
 * email, position) and the address they work at, chosen among this form's addresses.
 */
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { locationLabel, newContact, type CustomerFormValues } from './customer-form-schema';

export interface ContactsSectionProps {
  form: UseFormReturnType<CustomerFormValues>;
  /** Ids of the contacts already saved (removing those asks for confirmation). */
  storedIds: ReadonlySet<string>;
}

export function ContactsSection({ form, storedIds }: ContactsSectionProps) {
  const { t } = useTranslation('customers');
  const { contacts, locations } = form.getValues();
  const locationOptions = locations.map((l, i) => ({
    value: l.id,
    label: locationLabel(l) || t('form.address', { number: i + 1 }),
  }));

  const remove = async (index: number) => {
    const row = contacts[index];
    if (!row) return;
    if (storedIds.has(row.id)) {
      const ok = await confirm({
        title: t('form.removeContactTitle'),
        message: t('form.removeContactMessage', {
          name: [row.firstName, row.lastName].filter(Boolean).join(' '),
        }),
        confirmText: t('form.remove'),
        color: 'red',
      });
      if (!ok) return;
    }
    form.removeListItem('contacts', index);
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-contacts">
      <Title order={3} size="h4" id="customer-contacts" mb="sm">
        {t('form.contacts')}
      </Title>
      <Stack gap="md">
        {contacts.length === 0 ? <Text c="dimmed">{t('form.noContacts')}</Text> : null}
        {contacts.map((row, i) => (
          <Card key={row.id} withBorder padding="sm" data-testid="contact-row">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{t('form.contact', { number: i + 1 })}</Text>
              <Button variant="subtle" color="red" size="xs" onClick={() => void remove(i)}>
                {t('form.removeContact')}
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <TextInput
                label={t('fields.firstName')}
                autoComplete="off"
                {...form.getInputProps(`contacts.${i}.firstName`)}
              />
              <TextInput
                label={t('fields.lastName')}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps(`contacts.${i}.lastName`)}
              />
              <TextInput
                label={t('fields.position')}
                {...form.getInputProps(`contacts.${i}.position`)}
              />
              <TextInput
                label={t('fields.phone')}
                type="tel"
                {...form.getInputProps(`contacts.${i}.phone`)}
              />
              <TextInput
                label={t('fields.email')}
                type="email"
                {...form.getInputProps(`contacts.${i}.email`)}
              />
              <Select
                label={t('fields.location')}
                placeholder={t('form.wholeCustomer')}
                data={locationOptions}
                clearable
                {...form.getInputProps(`contacts.${i}.locationId`)}
              />
            </SimpleGrid>
          </Card>
        ))}
        <Group>
          <Button variant="light" onClick={() => form.insertListItem('contacts', newContact())}>
            {t('form.addContact')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
