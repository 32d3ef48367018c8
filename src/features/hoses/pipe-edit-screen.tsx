/**
 * `…/parts/pipes/:pipeId`: edit a hose (every docs/api.md field), offline. The update carries the
 * version the form was opened on (sync conflicts per field); the code stays unique among the
 * other hoses on the device; delete asks first. The hose's latest DGUV checks show below, and
 * the history of its position (every assembly that sat there, docs/hose-lifecycle.md).
 */
import { Center, Group, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DeleteButton, FormActions, useSchemaForm } from '@components/forms';
import { NotFoundNotice } from '@components/not-found-notice';
import { useOrderSlot } from '@components/order-slot';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { useRow } from '@db/hooks';
import { checkPipeCode } from '@db/pipe-code-queries';
import { pipeUpdateSchema } from '@domain/schemas/pipe';
import type { UpdateInput } from '@sync';
import { removePipe, updatePipe } from './data/pipe-writes';
import type { Pipe } from './hose-filters';
import { PipeFormFields } from './pipe-form-fields';
import { pipeFieldRules, pipeInput, pipeValues, type PipeFormValues } from './pipe-form-values';
import { PipeHistory } from './pipe-history';
import { PositionHistory } from './position-history';
import { keepMarkingPhoto } from '@features/marking/data/marking-writes';
import { MarkingPhoto, usePipeMarking } from './pipe-marking';
import { PipeSwapButton } from './pipe-swap-form';
import { PrintLabelsButton } from './labels/print-labels-button';
import { savedKey } from '@sync';
import { inAppPath } from '@lib/hose-paths';

function PipeEditForm({ pipe, listHref }: { pipe: Pipe; listHref: string }) {
  const { t } = useTranslation(['pipes', 'forms']);
  const navigate = useNavigate();
  // The version the user started from, kept while live updates re-render the screen.
  const baseVersion = pipe.version;
  const { form, saving, submit } = useSchemaForm<PipeFormValues>({
    schema: pipeUpdateSchema,
    initialValues: pipeValues(pipe),
    fieldRules: pipeFieldRules,
    toInput: (values) => pipeInput(values),
    extraErrors: async (values): Promise<Record<string, string>> =>
      (await checkPipeCode(values.code, pipe.id)) ? { code: t('codeExists') } : {},
  });
  const marking = usePipeMarking(form);
  const save = submit(async (input) => {
    await updatePipe(pipe.id, input as UpdateInput<'pipe'>, baseVersion);
    if (marking.photo) await keepMarkingPhoto(pipe.id, marking.photo);
    snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
    await navigate(listHref);
  });
  return (
    <form onSubmit={save} noValidate data-testid="pipe-form">
      <Stack gap="sm" mb="lg">
        {marking.button}
        <MarkingPhoto pipeId={pipe.id} value={pipe.markingPhotoId ?? null} />
      </Stack>
      <PipeFormFields form={form} />
      <Group justify="space-between" align="flex-end" mt="lg">
        <DeleteButton
          name={pipe.code}
          failureText={t('deleteFailed')}
          onDelete={async () => {
            await removePipe(pipe.id);
            await navigate(listHref, { replace: true });
          }}
        />
        <FormActions saving={saving} cancelTo={listHref} />
      </Group>
    </form>
  );
}

export function PipeEditScreen() {
  const { t } = useTranslation(['routes']);
  const { customerId = '', machineId = '', pipeId = '' } = useParams();
  const pipe = useRow('pipe', pipeId);
  const slot = useOrderSlot();
  const navigate = useNavigate();
  // The swap opens here for a delivered order line (`?swapLine=<line id>`) or by itself
  // (`?swap=1`); `back` is where the user came from (a running audit, an order) and returns.
  const [search] = useSearchParams();
  const swapLine = search.get('swapLine');
  const back = inAppPath(search.get('back'));
  const listHref = `/customer/${customerId}/machine/${machineId}/parts/pipes`;
  if (pipe === null) return <NotFoundNotice />;
  return (
    <>
      <PageHeader
        title={t('routes:pipeEdit')}
        subtitle={pipe?.code}
        back={{ to: listHref, label: t('routes:pipes') }}
        actions={
          pipe ? (
            <>
              <PipeSwapButton
                pipe={pipe}
                orderItemId={swapLine}
                initiallyOpen={Boolean(swapLine) || search.has('swap')}
                onSwapped={(created) => void navigate(back ?? `${listHref}/${created.id}`)}
                onCancel={back ? () => void navigate(back) : undefined}
              />
              {slot ? <slot.ReplaceButton pipe={pipe} /> : null}
              <PrintLabelsButton machineId={machineId} pipes={[pipe]} subject={pipe.code} single />
            </>
          ) : null
        }
      />
      {pipe ? (
        <Stack gap="xl">
          <PipeEditForm key={pipe.id} pipe={pipe} listHref={listHref} />
          <PipeHistory pipeId={pipe.id} />
          <PositionHistory pipeId={pipe.id} hrefOf={(id) => `${listHref}/${id}`} />
        </Stack>
      ) : (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
    </>
  );
}
