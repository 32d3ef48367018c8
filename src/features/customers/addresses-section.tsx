/**
 * Section "Addresses" of the customer form: 0..n locations (street, number, zip, city,
 * addition, distance in km, type MAIN/DELIVERY/INVOICE). Removing a saved address asks first;
 * contacts that pointed at it are then for the whole customer.
 */
import {
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { EnumSelect } from '@components/forms';
import { ADDRESSTYPE } from '@domain/schemas/enums';
import { useDecimalSeparator } from '@lib/i18n/decimal';
import { locationLabel, newLocation, type CustomerFormValues } from './customer-form-schema';

export interface AddressesSectionProps {
  form: UseFormReturnType<CustomerFormValues>;
  /** Ids of the addresses already saved (removing those asks for confirmation). */
  storedIds: ReadonlySet<string>;
}

const streetId = (locationId: string) => `address-${locationId}-street`;

export function AddressesSection({ form, storedIds }: AddressesSectionProps) {
  const { t } = useTranslation(['customers', 'forms']);
  const decimalSeparator = useDecimalSeparator();
  const locations = form.getValues().locations;
  // A new address takes the focus to its first field once it is rendered (not 25 tabs away).
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    const street = document.getElementById(streetId(focusId));
    if (!street) return;
    street.focus();
    street.scrollIntoView?.({ block: 'center' });
    setFocusId(null);
  }, [focusId, locations.length]);
  const add = () => {
    const row = newLocation();
    form.insertListItem('locations', row);
    setFocusId(row.id);
  };

  const remove = async (index: number) => {
    const row = locations[index];
    if (!row) return;
    if (storedIds.has(row.id)) {
      const ok = await confirm({
        title: t('form.removeAddressTitle'),
        message: t('form.removeAddressMessage', { name: locationLabel(row) }),
        confirmText: t('form.remove'),
        color: 'red',
      });
      if (!ok) return;
    }
    form.getValues().contacts.forEach((c, i) => {
      if (c.locationId === row.id) form.setFieldValue(`contacts.${i}.locationId`, null);
    });
    form.removeListItem('locations', index);
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-addresses">
      <Title order={3} size="h4" id="customer-addresses" mb="sm">
        {t('form.addresses')}
      </Title>
      <Stack gap="md">
        {locations.length === 0 ? <Text c="dimmed">{t('form.noAddresses')}</Text> : null}
        {locations.map((row, i) => (
          <Card key={row.id} withBorder padding="sm" data-testid="address-row">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{t('form.address', { number: i + 1 })}</Text>
              <Button variant="subtle" color="red" size="xs" onClick={() => void remove(i)}>
                {t('form.removeAddress')}
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <TextInput
                id={streetId(row.id)}
                label={t('fields.street')}
                withAsterisk
                autoComplete="address-line1"
                {...form.getInputProps(`locations.${i}.street`)}
              />
              <TextInput
                label={t('fields.houseNumber')}
                {...form.getInputProps(`locations.${i}.houseNumber`)}
              />
              <TextInput
                label={t('fields.zip')}
                withAsterisk
                autoComplete="postal-code"
                {...form.getInputProps(`locations.${i}.zip`)}
              />
              <TextInput
                label={t('fields.city')}
                withAsterisk
                autoComplete="address-level2"
                {...form.getInputProps(`locations.${i}.city`)}
              />
              <TextInput
                label={t('fields.addition')}
                {...form.getInputProps(`locations.${i}.addition`)}
              />
              <NumberInput
                label={t('fields.distance')}
                min={0}
                decimalScale={1}
                decimalSeparator={decimalSeparator}
                {...form.getInputProps(`locations.${i}.distance`)}
              />
              <EnumSelect
                label={t('fields.type')}
                enumName="ADDRESSTYPE"
                values={ADDRESSTYPE}
                required
                {...form.getInputProps(`locations.${i}.type`)}
              />
            </SimpleGrid>
          </Card>
        ))}
        <Group>
          <Button variant="light" onClick={add}>
            {t('form.addAddress')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
