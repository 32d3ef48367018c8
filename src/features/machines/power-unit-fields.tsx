/**
 * The wizard's "hydraulic power units" tab: any number of units, each with its type
 * (required, docs/api.md), manufacturer, serial number (machineType), type designation
 * (circuitId), manufacture date (installationDate) and a comment.
 */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DayInput, EnumSelect, ManufacturerField } from '@components/forms';
import { AGGREGATETYPE } from '@domain/schemas/enums';
import { emptyPowerUnit, type WizardValues } from './machine-form-values';

export function PowerUnitFields({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation('machines');
  const units = form.getValues().aggregates;
  return (
    <Stack gap="md">
      {units.length === 0 ? <Text c="dimmed">{t('powerUnit.none')}</Text> : null}
      {units.map((unit, i) => {
        const path = (name: string) => `aggregates.${i}.${name}`;
        const manufacturer = form.getInputProps(path('manufacturerId'));
        const heading = t('powerUnit.heading', { number: i + 1 });
        return (
          <Card key={unit.key} withBorder padding="md" data-testid="power-unit-fields">
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Text fw={600}>{heading}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('powerUnit.remove')}: ${heading}`}
                onClick={() => form.removeListItem('aggregates', i)}
              >
                ✕
              </ActionIcon>
            </Group>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <EnumSelect
                  enumName="AGGREGATETYPE"
                  values={AGGREGATETYPE}
                  label={t('powerUnit.type')}
                  required
                  data-testid="power-unit-type"
                  {...form.getInputProps(path('type'))}
                />
                {/* A block of its own: the field's row aligns to the bottom in a stretched cell. */}
                <div>
                  <ManufacturerField
                    label={t('powerUnit.manufacturer')}
                    value={(manufacturer.value as string | null) || null}
                    onChange={(id) => manufacturer.onChange(id)}
                    error={manufacturer.error}
                  />
                </div>
                <TextInput
                  label={t('powerUnit.serialNumber')}
                  {...form.getInputProps(path('machineType'))}
                />
                <TextInput
                  label={t('powerUnit.typeDesignation')}
                  {...form.getInputProps(path('circuitId'))}
                />
                <DayInput
                  label={t('powerUnit.manufactureDate')}
                  {...form.getInputProps(path('installationDate'))}
                />
              </SimpleGrid>
              <Textarea
                label={t('powerUnit.comment')}
                rows={2}
                {...form.getInputProps(path('comment'))}
              />
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button
          variant="light"
          onClick={() => form.insertListItem('aggregates', emptyPowerUnit())}
          data-testid="power-unit-add"
        >
          {t('powerUnit.add')}
        </Button>
      </Group>
    </Stack>
  );
}
