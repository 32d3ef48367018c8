/**
 * The manufacturer field of machines, power units and parts, with the create dialog of
 * docs/architecture.md. A name that already exists (case and spaces ignored) is refused with docs/api.md's
 * "manufacturer save failed (duplicate?)" and the existing one is offered instead.
 */
import { ActionIcon, Group, Modal, Select, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useManufacturers } from '@db/hooks';
import { ManufacturerNameForm } from './manufacturer-name-form';

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
  const { t } = useTranslation('forms');
  return (
    <Modal opened={opened} onClose={onClose} title={t('manufacturer.dialogTitle')} centered>
      {opened ? (
        <ManufacturerNameForm
          row={null}
          existing={existing}
          texts={{
            name: t('manufacturer.name'),
            duplicate: t('manufacturer.saveFailed'),
            cancel: t('cancel'),
            save: t('save'),
          }}
          onCancel={onClose}
          onSaved={onCreated}
          nameTestId="manufacturer-name"
        />
      ) : null}
    </Modal>
  );
}
