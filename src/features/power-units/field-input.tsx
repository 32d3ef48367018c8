/**
 * One input of a schema-driven form (parts and power units): text, comment, number with its
 * docs/api.md unit as suffix, whole number, year, date, enum select or manufacturer field.
 * Every input carries its visible label (a11y) and the schema's translated error.
 */
import { NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DayInput, EnumSelect, ManufacturerField } from '@components/forms';
import { decimalSeparatorOf } from '@lib/i18n/decimal';
import type { PartField } from './part-fields';

export type FormValues = Record<string, unknown>;

export interface FieldInputProps {
  field: PartField;
  label: string;
  form: UseFormReturnType<FormValues>;
}

export function FieldInput({ field, label, form }: FieldInputProps) {
  const { t, i18n } = useTranslation('forms');
  const props = form.getInputProps(field.name);
  const common = {
    label,
    required: field.required ?? false,
    'data-testid': `field-${field.name}`,
  };
  switch (field.input) {
    case 'manufacturer':
      return (
        <ManufacturerField
          label={label}
          value={(form.getValues()[field.name] as string) || null}
          onChange={(id) => form.setFieldValue(field.name, id ?? '')}
          error={props.error as React.ReactNode}
          {...(field.required ? { required: true } : {})}
        />
      );
    case 'enum':
      return (
        <EnumSelect
          {...common}
          {...props}
          value={(props.value as string) || null}
          onChange={(v) => form.setFieldValue(field.name, v ?? '')}
          enumName={field.enumName ?? 'AGGREGATETYPE'}
          values={field.values ?? []}
          clearable={!field.required}
        />
      );
    case 'measure':
    case 'integer':
    case 'year':
      return (
        <NumberInput
          {...common}
          {...props}
          allowDecimal={field.input === 'measure'}
          decimalSeparator={decimalSeparatorOf(i18n.language)}
          hideControls
          rightSection={field.unit ? t(`units.${field.unit}`) : undefined}
          rightSectionWidth={field.unit === 'lPerMin' ? 56 : 40}
          rightSectionPointerEvents="none"
          inputMode={field.input === 'measure' ? 'decimal' : 'numeric'}
        />
      );
    case 'date':
      return <DayInput {...common} {...props} />;
    case 'comment':
      return <Textarea {...common} {...props} rows={3} resize="vertical" />;
    default:
      return <TextInput {...common} {...props} />;
  }
}

export interface FieldGridProps {
  fields: readonly PartField[];
  labelOf: (field: PartField) => string;
  form: UseFormReturnType<FormValues>;
}

export function FieldGrid({ fields, labelOf, form }: FieldGridProps) {
  const wide = fields.filter((f) => f.input === 'comment');
  const narrow = fields.filter((f) => f.input !== 'comment');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {narrow.map((f) => (
          <FieldInput key={f.name} field={f} label={labelOf(f)} form={form} />
        ))}
      </SimpleGrid>
      {wide.map((f) => (
        <FieldInput key={f.name} field={f} label={labelOf(f)} form={form} />
      ))}
    </Stack>
  );
}
