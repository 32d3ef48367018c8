/**
 * The machine creation wizard (docs/architecture.md): tabs "machine data" and "hydraulic power units",
 * validated with machineWizardSchema. Its three required things (manufacturer, inventory
 * number, each unit's type) fail with one message, 'data missing' (docs/api.md), shown at the top
 * and at the fields; the wizard switches to the tab of the first error. Saving creates the
 * machine, then each power unit, through the feature's writes (offline first), and opens the machine.
 */
import { Alert, Badge, Tabs } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions, toSchemaInput, useSchemaForm } from '@components/forms';
import { useAllRows } from '@db/hooks';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { machineWizardSchema } from '@domain/schemas/machine';
import { createMachine } from './data/machine-writes';
import { MachineDataFields } from './machine-data-fields';
import { machinePath, machinesPath } from './machine-format';
import {
  emptyMachine,
  tabOf,
  wizardInput,
  type MachineValues,
  type WizardTab,
  type WizardValues,
} from './machine-form-values';
import { PowerUnitFields } from './power-unit-fields';
import { savedKey } from '@sync';

export function MachineCreateScreen() {
  const { t } = useTranslation(['machines', 'routes', 'forms']);
  const customerId = useParams().customerId ?? '';
  const navigate = useNavigate();
  const [tab, setTab] = useState<WizardTab>('machine');
  const { form, saving, submit } = useSchemaForm<WizardValues>({
    schema: machineWizardSchema,
    initialValues: { machine: emptyMachine(), aggregates: [] },
    toInput: (values) => wizardInput(values, customerId),
  });
  // A new machine starts with the company's default DGUV intervals (/settings), unless the
  // user has already chosen them.
  const defaults = useAllRows('companySettings')?.[0];
  useEffect(() => {
    if (
      !defaults ||
      form.isDirty('machine.dguvInterval') ||
      form.isDirty('machine.dguvIntervalCritical')
    )
      return;
    const values = form.getValues();
    const next = {
      ...values,
      machine: {
        ...values.machine,
        dguvInterval: defaults.defaultDguvInterval ?? values.machine.dguvInterval,
        dguvIntervalCritical:
          defaults.defaultDguvIntervalCritical ?? values.machine.dguvIntervalCritical,
      },
    };
    // The defaults are where the form starts: taking them is no unsaved change.
    form.setInitialValues(next);
    form.setValues(next);
    // Only when the settings row arrives or changes, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaults?.id, defaults?.version]);

  const save = submit(async (input) => {
    const wizard = machineWizardSchema.parse(input);
    const machine = await createMachine(customerId, wizard);
    snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
    void navigate(machinePath(customerId, machine.id));
  });
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const check = machineWizardSchema.safeParse(
      toSchemaInput(wizardInput(form.getValues(), customerId)),
    );
    const first = check.success ? undefined : check.error.issues[0];
    if (first) setTab(tabOf(first.path));
    save(event);
  };

  const errors = Object.entries(form.errors);
  const missing = t('machines:dataMissing');
  const hasErrorIn = (which: WizardTab) =>
    errors.some(([path]) => tabOf(path.split('.')) === which);
  const marker = (which: WizardTab) =>
    hasErrorIn(which) ? (
      <Badge color="red" size="xs" circle aria-hidden>
        !
      </Badge>
    ) : null;

  return (
    <>
      <PageHeader
        title={t('routes:machineCreate')}
        back={{ to: machinesPath(customerId), label: t('machines:backToList') }}
      />
      <form onSubmit={onSubmit} noValidate>
        {errors.length > 0 ? (
          <Alert color="red" role="alert" mb="md" data-testid="wizard-errors">
            {errors.some(([, message]) => message === missing)
              ? missing
              : t('machines:checkFields')}
          </Alert>
        ) : null}
        <Tabs value={tab} onChange={(v) => setTab((v as WizardTab | null) ?? 'machine')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="machine" rightSection={marker('machine')}>
              {t('machines:wizard.tabMachine')}
            </Tabs.Tab>
            <Tabs.Tab value="powerUnits" rightSection={marker('powerUnits')}>
              {t('machines:wizard.tabPowerUnits')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="machine">
            <MachineDataFields
              customerId={customerId}
              field={(name: keyof MachineValues & string) => form.getInputProps(`machine.${name}`)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="powerUnits">
            <PowerUnitFields form={form} />
          </Tabs.Panel>
        </Tabs>
        <FormActions
          saving={saving}
          cancelTo={machinesPath(customerId)}
          saveLabel={t('machines:wizard.save')}
        />
      </form>
    </>
  );
}
