/** Save and cancel buttons of a form; save shows a spinner and is disabled while saving. */
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface FormActionsProps {
  saving: boolean;
  cancelTo?: string;
  saveLabel?: string;
}

export function FormActions({ saving, cancelTo, saveLabel }: FormActionsProps) {
  const { t } = useTranslation('forms');
  return (
    <Group justify="flex-end" mt="lg">
      {cancelTo ? (
        <Button component={Link} to={cancelTo} variant="default">
          {t('cancel')}
        </Button>
      ) : null}
      <Button type="submit" loading={saving} disabled={saving}>
        {saveLabel ?? t('save')}
      </Button>
    </Group>
  );
}
