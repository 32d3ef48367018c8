/**
 * The one form that names a manufacturer: new (create) or an existing one (rename). A blank
 * name is required, a name that exists already (case and spaces ignored, domain rule
 * `isDuplicateName`) is refused before anything is written, and a refusal of the save itself
 * shows the same duplicate message. Used by the manufacturer field's create dialog and by the
 * admin's manufacturer list.
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDuplicateName } from '@domain/schemas/admin';
import { saveManufacturerName } from './data/manufacturer-writes';

export interface ManufacturerNameFormProps {
  /** The manufacturer to rename; null creates a new one. */
  row: { id: string; name: string } | null;
  existing: readonly { id: string; name: string }[];
  /** Translated texts of the place that shows the form. */
  texts: { name: string; duplicate: string; cancel: string; save: string };
  onSaved: (id: string) => void;
  onCancel: () => void;
  nameTestId?: string;
  saveTestId?: string;
}

export function ManufacturerNameForm({
  row,
  existing,
  texts,
  onSaved,
  onCancel,
  nameTestId,
  saveTestId,
}: ManufacturerNameFormProps) {
  const { t } = useTranslation('validation');
  const [name, setName] = useState(row?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    // The field's dialog sits inside a screen's form in React's tree: not that form's submit.
    event.stopPropagation();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('required'));
    if (isDuplicateName(trimmed, existing, row?.id)) return setError(texts.duplicate);
    setSaving(true);
    try {
      const id = await saveManufacturerName(row, trimmed);
      onSaved(id);
    } catch {
      setError(texts.duplicate);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <TextInput
        label={texts.name}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        required
        data-autofocus
        data-testid={nameTestId}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {texts.cancel}
        </Button>
        <Button type="submit" loading={saving} data-testid={saveTestId}>
          {texts.save}
        </Button>
      </Group>
    </form>
  );
}
