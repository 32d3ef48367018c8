/**
 * Edit a machine (docs/architecture.md `update`, can-edit): the machine fields as in the wizard, validated
 * with machineUpdateSchema; the update carries the version the form was opened on, so a
 * change made elsewhere meanwhile merges per field or shows up as a conflict. The photo is
 * saved on its own (ImageField) as soon as it is chosen.
 */
import { Card, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions, ImageField, useSchemaForm } from '@components/forms';
import { RowState } from '@components/row-state';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { useRow } from '@db/hooks';
import { machineUpdateSchema, type Machine } from '@domain/schemas/machine';
import { setMachinePhoto, updateMachine } from './data/machine-writes';
import { MachineDataFields } from './machine-data-fields';
import { machinePath } from './machine-format';
import { machineValues, type MachineValues } from './machine-form-values';
import { savedKey } from '@sync';

export function MachineEditScreen() {
  const { machineId = '' } = useParams();
  const machine = useRow('machine', machineId);
  return (
    <RowState row={machine}>{(row) => <MachineEditForm key={row.id} machine={row} />}</RowState>
  );
}

function MachineEditForm({ machine }: { machine: Machine }) {
  const { t } = useTranslation(['machines', 'routes', 'forms']);
  const navigate = useNavigate();
  const [opened] = useState(() => ({ version: machine.version, values: machineValues(machine) }));
  const { form, saving, submit } = useSchemaForm<MachineValues>({
    schema: machineUpdateSchema,
    initialValues: opened.values,
  });
  const back = machinePath(machine.companyId, machine.id);
  const save = submit(async (input) => {
    const changes = machineUpdateSchema.parse(input);
    await updateMachine(machine.id, changes, opened.version);
    snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
    void navigate(back);
  });
  return (
    <>
      <PageHeader
        title={t('routes:machineUpdate')}
        subtitle={t('machines:inventoryNumber', { value: machine.internalId })}
        back={{ to: back, label: t('machines:backToMachine') }}
      />
      <Stack gap="lg">
        <form onSubmit={save} noValidate>
          <MachineDataFields
            customerId={machine.companyId}
            field={(name: keyof MachineValues & string) => form.getInputProps(name)}
          />
          <FormActions saving={saving} cancelTo={back} />
        </form>
        <Card withBorder padding="md">
          <ImageField
            entity="machine"
            rowId={machine.id}
            value={machine.photo}
            label={t('machines:fields.photo')}
            onChange={async (photo) => {
              await setMachinePhoto(machine.id, photo);
            }}
          />
        </Card>
      </Stack>
    </>
  );
}
