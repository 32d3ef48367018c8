/**
 * `…/parts/pipes/create`: a new hose on a machine, offline like every write. Position and code
 * start at the next free position and the next code of the company's prefix; a code another
 * hose on the device holds is refused at the field (docs/api.md), before anything is saved.
 */
import { looksLikeMessageKey } from '@lib/i18n';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions, useSchemaForm } from '@components/forms';
import { NotFoundNotice } from '@components/not-found-notice';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { useRow } from '@db/hooks';
import type { EntityRow } from '@db/entity-tables';
import { checkPipeCode } from '@db/pipe-code-queries';
import { useNewPipeDefaults } from './data/hose-list-queries';
import { pipeCreateSchema } from '@domain/schemas/pipe';
import type { CreateInput } from '@sync';
import { createPipe } from './data/pipe-writes';
import { keepMarkingPhoto } from '@features/marking/data/marking-writes';
import { usePipeMarking } from './pipe-marking';
import { PipeFormFields } from './pipe-form-fields';
import { newPipeValues, pipeFieldRules, pipeInput, type PipeFormValues } from './pipe-form-values';
import { savedKey } from '@sync';

/** A translated validation key passes through; anything else is docs/api.md's "error creating hose". */
export function createFailure(err: unknown): Error {
  const message = err instanceof Error ? err.message : '';
  return looksLikeMessageKey(message) ? (err as Error) : new Error('pipes:createFailed');
}

function PipeCreateForm(props: {
  machine: EntityRow<'machine'>;
  defaults: { position: number; code: string };
  listHref: string;
}) {
  const { machine, listHref } = props;
  const { t } = useTranslation(['pipes', 'forms', 'routes']);
  const navigate = useNavigate();
  const parent = { machineId: machine.id, companyId: machine.companyId };
  const { form, saving, submit } = useSchemaForm<PipeFormValues>({
    schema: pipeCreateSchema,
    initialValues: newPipeValues(props.defaults),
    fieldRules: pipeFieldRules,
    toInput: (values) => pipeInput(values, parent),
    extraErrors: async (values): Promise<Record<string, string>> =>
      (await checkPipeCode(values.code)) ? { code: t('codeExists') } : {},
  });
  const marking = usePipeMarking(form);
  const save = submit(async (input) => {
    let created;
    try {
      created = await createPipe(input as CreateInput<'pipe'>);
    } catch (err) {
      throw createFailure(err);
    }
    // A file field is never part of a create: the photo is linked to the created hose.
    if (marking.photo) await keepMarkingPhoto(created.id, marking.photo);
    snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
    await navigate(listHref);
  });
  return (
    <form onSubmit={save} noValidate data-testid="pipe-form">
      {marking.button}
      <PipeFormFields form={form} codeHint={props.defaults.code ? t('form.codeHint') : undefined} />
      <FormActions saving={saving} cancelTo={listHref} />
    </form>
  );
}

export function PipeCreateScreen() {
  const { t } = useTranslation(['routes', 'pipes']);
  const { customerId = '', machineId = '' } = useParams();
  const machine = useRow('machine', machineId);
  const defaults = useNewPipeDefaults(machineId);
  const listHref = `/customer/${customerId}/machine/${machineId}/parts/pipes`;
  if (machine === null) return <NotFoundNotice />;
  return (
    <>
      <PageHeader
        title={t('routes:pipeCreate')}
        back={{ to: listHref, label: t('routes:pipes') }}
      />
      {machine && defaults ? (
        <PipeCreateForm machine={machine} defaults={defaults} listHref={listHref} />
      ) : (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
    </>
  );
}
