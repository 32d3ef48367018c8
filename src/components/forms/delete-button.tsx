/**
 * Delete with confirmation (docs/architecture.md, docs/api.md): asks, then runs `onDelete`; a failure shows the
 * screen's own message (docs/api.md's per-part delete failures) instead of being swallowed.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../confirm';
import { snack } from '../snacks';

export interface DeleteButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Name of the row, quoted in the question. */
  name: string;
  onDelete: () => Promise<void>;
  /** Message when the delete fails (default: forms:saveFailed). */
  failureText?: string;
  label?: string;
}

export function DeleteButton({ name, onDelete, failureText, label, ...props }: DeleteButtonProps) {
  const { t } = useTranslation('forms');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const ok = await confirm({
      title: t('deleteConfirm.title'),
      message: t('deleteConfirm.message', { name }),
      confirmText: t('deleteConfirm.confirm'),
      color: 'red',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await onDelete();
    } catch {
      snack({ text: failureText ?? t('saveFailed'), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button color="red" variant="light" loading={busy} onClick={() => void run()} {...props}>
      {label ?? t('delete')}
    </Button>
  );
}
