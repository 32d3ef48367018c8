/** Create or rename a manufacturer; a name that exists already (case, spaces) is refused. */
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDuplicateName } from '../../domain/schemas/admin';
import { mutate } from '../../sync';
import type { ManufacturerUsage } from './data/manufacturer-queries';

export interface ManufacturerDialogProps {
  /** 'new', a manufacturer to rename, or null (closed). */
  target: ManufacturerUsage | 'new' | null;
  existing: readonly ManufacturerUsage[];
  onClose: () => void;
  onSaved: () => void;
}

export function ManufacturerDialog({
  target,
  existing,
  onClose,
  onSaved,
}: ManufacturerDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target === 'new' ? t('manufacturers.create') : t('manufacturers.renameTitle')}
      centered
    >
      {target ? (
        <NameForm
          key={target === 'new' ? 'new' : target.id}
          target={target}
          existing={existing}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function NameForm({
  target,
  existing,
  onClose,
  onSaved,
}: Omit<ManufacturerDialogProps, 'target'> & { target: ManufacturerUsage | 'new' }) {
  const { t } = useTranslation(['admin', 'validation']);
  const [name, setName] = useState(target === 'new' ? '' : target.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('validation:required'));
    const exceptId = target === 'new' ? undefined : target.id;
    if (isDuplicateName(trimmed, existing, exceptId)) return setError(t('manufacturers.duplicate'));
    setSaving(true);
    try {
      if (target === 'new') await mutate.create('manufacturer', { name: trimmed });
      else await mutate.update('manufacturer', target.id, { name: trimmed });
      onSaved();
    } catch {
      setError(t('manufacturers.duplicate'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <TextInput
        label={t('manufacturers.name')}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        required
        data-autofocus
        data-testid="manufacturer-name-input"
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('userForm.cancel')}
        </Button>
        <Button type="submit" loading={saving} data-testid="manufacturer-save">
          {t('userForm.save')}
        </Button>
      </Group>
    </form>
  );
}
