/**
 * The "Print labels" button of a machine's hose list and the "Print label" button of a hose;
 *both open the print dialog.
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pipe } from '../hose-filters';
import { PrintLabelsDialog } from './print-labels-dialog';
import { QrIcon } from '@components/icons';

export interface PrintLabelsButtonProps {
  machineId: string;
  /**
   * The machine's hoses by position, or the one hose of its page; undefined while they load
   * (the button shows, disabled, so the header does not move when they arrive).
   */
  pipes: readonly Pipe[] | undefined;
  subject: string;
  /** The hose page's button: "Print label". */
  single?: boolean;
}

export function PrintLabelsButton({ machineId, pipes, subject, single }: PrintLabelsButtonProps) {
  const { t } = useTranslation('pipes');
  const [open, setOpen] = useState(false);
  if (pipes?.length === 0) return null;
  return (
    <>
      <Button
        variant="default"
        mih={44}
        leftSection={<QrIcon size={16} />}
        onClick={() => setOpen(true)}
        disabled={!pipes}
        data-testid={single ? 'label-print' : 'labels-print'}
      >
        {single ? t('labels.printOne') : t('labels.print')}
      </Button>
      {open && pipes ? (
        <PrintLabelsDialog
          opened
          onClose={() => setOpen(false)}
          machineId={machineId}
          pipes={pipes}
          subject={subject}
        />
      ) : null}
    </>
  );
}
