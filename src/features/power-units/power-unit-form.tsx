/**
 * Create and edit form of a power unit (docs/api.md Aggregate): type required, manufacturer,
 * serial number (machineType), type designation (circuitId), manufacture date
 * (installationDate), comment. Inputs come from the aggregate schema like the parts' do.
 */
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions, useSchemaForm } from '@components/forms';
import { snack } from '@components/snacks';
import type { EntityRow } from '@db/entity-tables';
import { ENTITY_SCHEMAS } from '@domain/entities';
import type { CreateInput, UpdateInput } from '@sync';
import { createPowerUnit, updatePowerUnit } from './data/power-unit-writes';
import { FieldGrid, type FormValues } from './field-input';
import { AGGREGATE_FIELDS, emptyValues, rowValues } from './part-fields';
import { savedKey } from '@sync';

export interface PowerUnitFormProps {
  /** The machine the power unit belongs to (a new one is created there). */
  machine: { id: string; companyId: string };
  /** The power unit being edited; absent when creating one. */
  row?: EntityRow<'aggregate'>;
  cancelHref: string;
  /** Called with the saved row's id (the screen navigates). */
  onSaved: (id: string) => Promise<void> | void;
}

export function PowerUnitForm({ machine, row, cancelHref, onSaved }: PowerUnitFormProps) {
  const { t } = useTranslation(['parts', 'forms']);
  const schema = row ? ENTITY_SCHEMAS.aggregate.update : ENTITY_SCHEMAS.aggregate.create;
  const baseVersion = row?.version;
  const { form, saving, submit } = useSchemaForm<FormValues>({
    schema,
    initialValues: row
      ? rowValues(AGGREGATE_FIELDS, row)
      : { ...emptyValues(AGGREGATE_FIELDS), type: 'HYDRAULIC' },
    toInput: (values) =>
      row ? values : { ...values, machineId: machine.id, companyId: machine.companyId },
  });
  const save = submit(async (input) => {
    if (row) {
      await updatePowerUnit(row.id, input as UpdateInput<'aggregate'>, baseVersion);
      snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
      await onSaved(row.id);
    } else {
      const created = await createPowerUnit(input as CreateInput<'aggregate'>);
      snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
      await onSaved(created.id);
    }
  });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <form onSubmit={save} noValidate data-testid="power-unit-form">
        <FieldGrid
          fields={AGGREGATE_FIELDS}
          labelOf={(f) => t(`parts:powerUnit.fields.${f.name}` as never)}
          form={form}
        />
        {row ? null : (
          <Text size="sm" c="dimmed" mt="md">
            {t('parts:powerUnit.photoAfterSave')}
          </Text>
        )}
        <FormActions saving={saving} cancelTo={cancelHref} />
      </form>
    </Paper>
  );
}
