/**
 * "Read marking" on the hose form: the confirmed fields fill the form's inputs (saved with the
 * form, like typed ones), the photo is kept until the form is saved and then stored with the
 * hose as evidence (data/marking-writes). The hose screen shows the stored photo.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stampText } from '@components/forms';
import { ImageField } from '@components/forms/image-field';
import { snack } from '@components/snacks';
import { ReadMarkingButton, type MarkingFields } from '@features/marking/read-marking-button';
import type { PipeFormValues } from './pipe-form-values';

/** The confirmed fields into the form (only those; the others keep what they hold). */
export function fillFromMarking(form: UseFormReturnType<PipeFormValues>, fields: MarkingFields) {
  if (fields.productionDate) form.setFieldValue('productionDate', stampText(fields.productionDate));
  if (fields.dn !== undefined) form.setFieldValue('dn', fields.dn);
  if (fields.maxPn !== undefined) form.setFieldValue('maxPn', fields.maxPn);
  if (fields.hoseType) form.setFieldValue('hoseType', fields.hoseType);
  if (fields.hoseManufacturer) form.setFieldValue('hoseManufacturer', fields.hoseManufacturer);
}

/** The button, and the photo waiting to be stored when the form is saved. */
export function usePipeMarking(form: UseFormReturnType<PipeFormValues>) {
  const { t } = useTranslation('pipes');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const button = (
    <Group gap="sm">
      <ReadMarkingButton
        onConfirm={(fields, shot) => {
          fillFromMarking(form, fields);
          setPhoto(shot);
          const any = Object.keys(fields).length > 0;
          snack({ text: t(any ? 'marking.applied' : 'marking.appliedNone'), type: 'success' });
        }}
      />
      {photo ? (
        <Text size="sm" c="dimmed" data-testid="marking-photo-waiting">
          {t('marking.photo')} ✓
        </Text>
      ) : null}
    </Group>
  );
  return { button, photo };
}

/** The marking photo the hose keeps (read-only: a new one comes from "Read marking"). */
export function MarkingPhoto({ pipeId, value }: { pipeId: string; value: string | null }) {
  const { t } = useTranslation('pipes');
  if (!value) return null;
  return (
    <Stack gap={0} data-testid="marking-photo">
      <ImageField
        entity="pipe"
        rowId={pipeId}
        value={value}
        onChange={async () => undefined}
        label={t('marking.photo')}
        readOnly
      />
    </Stack>
  );
}
