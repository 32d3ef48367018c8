/**
 * Every docs/api.md field of a hose: identification and dimensions, the fitting system and both
 * fittings (type, twist angle 0–360°, socket), accessories, production date (the fitting's stamp as
 * typed, rules/production-stamp), installation date and comment.
 */
import {
  Fieldset,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DayInput, EnumSelect, ProductionStampInput } from '@components/forms';
import { FITTING_SYSTEM, FITTING_TYPE } from '@domain/schemas/enums';
import { useDecimalSeparator } from '@lib/i18n/decimal';
import type { PipeFormValues } from './pipe-form-values';

type Form = UseFormReturnType<PipeFormValues>;

function FittingFields({ form, side }: { form: Form; side: 'fittingLeft' | 'fittingRight' }) {
  const { t } = useTranslation(['pipes', 'forms']);
  return (
    <Fieldset legend={t(`form.${side}`)}>
      <Stack gap="sm">
        <EnumSelect
          enumName="FITTING_TYPE"
          values={FITTING_TYPE}
          label={t('form.fittingType')}
          clearable
          {...form.getInputProps(`${side}.type`)}
        />
        <NumberInput
          label={`${t('form.twistAngle')} (${t('forms:units.deg')})`}
          min={0}
          max={360}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`${side}.twistAngle`)}
        />
        <TextInput label={t('form.socket')} {...form.getInputProps(`${side}.socket`)} />
      </Stack>
    </Fieldset>
  );
}

export function PipeFormFields({ form, codeHint }: { form: Form; codeHint?: string }) {
  const { t } = useTranslation(['pipes', 'forms']);
  const decimalSeparator = useDecimalSeparator();
  const unit = (key: 'bar' | 'mm') => ` (${t(`forms:units.${key}`)})`;
  return (
    <Stack gap="lg">
      <Fieldset legend={t('form.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <NumberInput
            label={t('form.position')}
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('position')}
          />
          <TextInput
            label={t('form.code')}
            description={codeHint}
            required
            maxLength={50}
            {...form.getInputProps('code')}
          />
          <TextInput label={t('form.hoseType')} {...form.getInputProps('hoseType')} />
          <TextInput
            label={t('form.hoseManufacturer')}
            maxLength={100}
            {...form.getInputProps('hoseManufacturer')}
          />
          <NumberInput
            label={t('form.dn')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('dn')}
          />
          <NumberInput
            label={t('form.maxPn') + unit('bar')}
            min={0}
            allowNegative={false}
            decimalScale={2}
            decimalSeparator={decimalSeparator}
            {...form.getInputProps('maxPn')}
          />
          <NumberInput
            label={t('form.length') + unit('mm')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('length')}
          />
        </SimpleGrid>
        <Switch
          mt="md"
          label={t('form.isCritical')}
          description={t('form.isCriticalHint')}
          {...form.getInputProps('isCritical', { type: 'checkbox' })}
        />
      </Fieldset>
      <Fieldset legend={t('form.fittings')}>
        <Stack gap="md">
          <EnumSelect
            enumName="FITTING_SYSTEM"
            values={FITTING_SYSTEM}
            label={t('form.fittingSystem')}
            required
            maw={360}
            {...form.getInputProps('fittingSystem')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FittingFields form={form} side="fittingLeft" />
            <FittingFields form={form} side="fittingRight" />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend={t('form.more')}>
        <Stack gap="md">
          <Switch
            label={t('form.withProtection')}
            {...form.getInputProps('withProtection', { type: 'checkbox' })}
          />
          <Switch
            label={t('form.withRope')}
            {...form.getInputProps('withRope', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ProductionStampInput
              label={t('form.productionDate')}
              {...form.getInputProps('productionDate')}
            />
            <DayInput
              label={t('form.installationDate')}
              description={t('form.installationDateHint')}
              {...form.getInputProps('installationDate')}
            />
          </SimpleGrid>
          <Textarea label={t('form.comment')} rows={3} {...form.getInputProps('comment')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
