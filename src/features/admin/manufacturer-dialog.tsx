/** Create or rename a manufacturer; a name that exists already (case, spaces) is refused. */
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ManufacturerNameForm } from '@components/forms/manufacturer-name-form';
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
        <ManufacturerNameForm
          key={target === 'new' ? 'new' : target.id}
          row={target === 'new' ? null : target}
          existing={existing}
          texts={{
            name: t('manufacturers.name'),
            duplicate: t('manufacturers.duplicate'),
            cancel: t('userForm.cancel'),
            save: t('userForm.save'),
          }}
          onCancel={onClose}
          onSaved={() => onSaved()}
          nameTestId="manufacturer-name-input"
          saveTestId="manufacturer-save"
        />
      ) : null}
    </Modal>
  );
}
