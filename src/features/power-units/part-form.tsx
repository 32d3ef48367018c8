/**
 * The one form of every part kind: its inputs come from the kind's domain schema
 * (part-fields.ts), validated by the create schema (with the power unit filled in) or, when
 * editing, by the update schema and saved with the version the form was opened on.
 */
import { Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteButton, FormActions, useSchemaForm } from '@components/forms';
import { snack } from '@components/snacks';
import type { EntityRow } from '@db/entity-tables';
import { ENTITY_SCHEMAS } from '@domain/entities';
import { isIdentified, PART_IDENTITY } from '@domain/rules/part-identity';
import type { PartEntityName } from '@domain/schemas/parts';
import type { CreateInput, UpdateInput } from '@sync';
import { createPart, removePart, updatePart } from './data/power-unit-writes';
import { FieldGrid, type FormValues } from './field-input';
import { emptyValues, partFields, rowValues } from './part-fields';
import { usePartName } from './names';
import { savedKey } from '@sync';

export interface PartFormProps {
  kind: PartEntityName;
  aggregate: EntityRow<'aggregate'>;
  /** The part being edited; absent when creating one. */
  row?: EntityRow<PartEntityName>;
  /** Where the form goes after saving, cancelling or deleting. */
  listHref: string;
}

export function PartForm({ kind, aggregate, row, listHref }: PartFormProps) {
  const { t } = useTranslation(['parts', 'forms']);
  const navigate = useNavigate();
  const partName = usePartName(kind);
  const fields = partFields(kind);
  const schema = row ? ENTITY_SCHEMAS[kind].update : ENTITY_SCHEMAS[kind].create;
  const baseVersion = row?.version;
  const labelOf = (name: string) => t(`parts:fields.${kind}.${name}` as never);
  const { form, saving, submit } = useSchemaForm<FormValues>({
    schema,
    initialValues: row ? rowValues(fields, row) : emptyValues(fields),
    toInput: (values) =>
      row ? values : { ...values, aggregateId: aggregate.id, companyId: aggregate.companyId },
    // A part with no identifying fact cannot be told apart from others of its kind.
    extraErrors: (values) => {
      if (isIdentified(kind, values)) return {};
      const identity = PART_IDENTITY[kind];
      const message = t('parts:identityRequired', { fields: identity.map(labelOf).join(', ') });
      return Object.fromEntries(identity.map((name, i) => [name, i === 0 ? message : true]));
    },
  });

  const save = submit(async (input) => {
    if (row) {
      await updatePart(kind, row.id, input as UpdateInput<typeof kind>, baseVersion);
    } else {
      await createPart(kind, input as CreateInput<typeof kind>);
    }
    snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
    await navigate(listHref);
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <form onSubmit={save} noValidate data-testid={`part-form-${kind}`}>
        <FieldGrid fields={fields} labelOf={(f) => labelOf(f.name)} form={form} />
        <Group justify="space-between" align="flex-end" wrap="wrap-reverse">
          {row ? (
            <DeleteButton
              name={partName(row)}
              failureText={t(`parts:deleteFailed.${kind}`)}
              onDelete={async () => {
                await removePart(kind, row.id);
                await navigate(listHref);
              }}
            />
          ) : (
            <span />
          )}
          <FormActions saving={saving} cancelTo={listHref} />
        </Group>
      </form>
    </Paper>
  );
}
