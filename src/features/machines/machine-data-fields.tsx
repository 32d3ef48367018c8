/**
 * The machine's own fields (docs/api.md), shared by the creation wizard (paths under `machine.`)
 * and the edit form: manufacturer, type, inventory number, location, position, the two DGUV
 * intervals with the operator's decision on them (who, on what basis, when) and a comment.
 */
import { Fieldset, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DayInput, EnumSelect, ManufacturerField } from '@components/forms';
import { useLocations } from '@db/hooks';
import { machineLocationChoices } from '@domain/rules/locations';
import { CHANGEINTERVAL, INTERVAL_BASIS } from '@domain/schemas/enums';
import { locationLabel } from './machine-format';
import type { MachineValues } from './machine-form-values';

export interface MachineDataFieldsProps {
  customerId: string;
  field: (name: keyof MachineValues & string) => GetInputPropsReturnType;
}

export function MachineDataFields({ customerId, field }: MachineDataFieldsProps) {
  const { t } = useTranslation('machines');
  const locations = useLocations(customerId);
  const manufacturer = field('manufacturerId');
  const location = field('locationId');
  // Only places a machine can stand at (an invoice address is where the bills go).
  const locationData = machineLocationChoices(locations ?? [], location.value as string | null).map(
    (l) => ({ value: l.id, label: locationLabel(l) }),
  );
  return (
    <Stack gap="sm">
      <ManufacturerField
        value={(manufacturer.value as string | null) || null}
        onChange={(id) => manufacturer.onChange(id)}
        error={manufacturer.error}
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.machineType')} {...field('machineType')} />
        <TextInput label={t('fields.internalId')} required {...field('internalId')} />
        <Select
          label={t('fields.location')}
          placeholder={t('fields.noLocation')}
          data={locationData}
          clearable
          {...location}
          data-testid="machine-location"
        />
        <TextInput label={t('fields.positionOnLocation')} {...field('positionOnLocation')} />
        <EnumSelect
          enumName="CHANGEINTERVAL"
          values={CHANGEINTERVAL}
          label={t('fields.dguvInterval')}
          required
          {...field('dguvInterval')}
        />
        <EnumSelect
          enumName="CHANGEINTERVAL"
          values={CHANGEINTERVAL}
          label={t('fields.dguvIntervalCritical')}
          required
          {...field('dguvIntervalCritical')}
        />
      </SimpleGrid>
      <Fieldset legend={t('fields.intervalDecision')}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('fields.intervalDecisionHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('fields.intervalDecidedBy')}
            maxLength={255}
            {...field('intervalDecidedBy')}
          />
          <EnumSelect
            enumName="INTERVAL_BASIS"
            values={INTERVAL_BASIS}
            label={t('fields.intervalBasis')}
            clearable
            {...field('intervalBasis')}
          />
          <DayInput label={t('fields.intervalDecidedAt')} {...field('intervalDecidedAt')} />
        </SimpleGrid>
      </Fieldset>
      <Textarea label={t('fields.comment')} rows={3} {...field('comment')} />
    </Stack>
  );
}
