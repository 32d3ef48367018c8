/**
 * The manufacturer field of machines, power units and parts, with the create dialog of
 * SPEC §2. A name that already exists (case and spaces ignored) is refused with SPEC §8's
 * "manufacturer save failed (duplicate?)" and the existing one is offered instead.
 */
import { ActionIcon, Button, Group, Modal, Select, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useManufacturers } from '../../db/hooks';
import { isDuplicateName } from '../../domain/schemas/admin';
import { mutate } from '../../sync';

export interface ManufacturerFieldProps {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: React.ReactNode;
  required?: boolean;
  readOnly?: boolean;
  label?: string;
}

export function ManufacturerField({
  value,
  onChange,
  error,
  required,
  readOnly,
  label,
}: ManufacturerFieldProps) {
  const { t } = useTranslation('forms');
  const manufacturers = useManufacturers();
  const [open, setOpen] = useState(false);
  const data = (manufacturers ?? []).map((m) => ({ value: m.id, label: m.name }));
  return (
    <>
      <Select
        label={label ?? t('manufacturer.label')}
        placeholder={t('manufacturer.placeholder')}
        data={data}
        value={value}
        onChange={onChange}
        searchable
        clearable={!required}
        nothingFoundMessage={t('manufacturer.nothingFound')}
        required={required}
        error={error}
        readOnly={readOnly}
        data-testid="manufacturer-select"
        // The create button sits beside the input itself, so a long error below never moves it.
        inputContainer={(input) =>
          readOnly ? (
            input
          ) : (
            <Group gap="xs" wrap="nowrap" align="center">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Tooltip label={t('manufacturer.create')}>
                <ActionIcon
                  size="lg"
                  variant="light"
                  aria-label={t('manufacturer.create')}
                  onClick={() => setOpen(true)}
                >
                  +
                </ActionIcon>
              </Tooltip>
            </Group>
          )
        }
      />
      <ManufacturerDialog
        opened={open}
        onClose={() => setOpen(false)}
        existing={manufacturers ?? []}
        onCreated={(id) => {
          onChange(id);
          setOpen(false);
        }}
      />
    </>
  );
}

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  existing: readonly { id: string; name: string }[];
  onCreated: (id: string) => void;
}

function ManufacturerDialog({ opened, onClose, existing, onCreated }: DialogProps) {
  const { t } = useTranslation(['forms', 'validation']);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!name.trim()) return setError(t('validation:required'));
    if (isDuplicateName(name, existing)) {
      return setError(t('forms:manufacturer.saveFailed'));
    }
    setSaving(true);
    try {
      const row = await mutate.create('manufacturer', { name: name.trim() });
      setName('');
      setError(null);
      onCreated(row.id);
    } catch {
      setError(t('forms:manufacturer.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('forms:manufacturer.dialogTitle')} centered>
      {/* A separate form: the dialog sits inside the screen's form in the DOM tree of React. */}
      <form onSubmit={(e) => void save(e)} noValidate>
        <TextInput
          label={t('forms:manufacturer.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
          data-testid="manufacturer-name"
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t('forms:cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('forms:save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
