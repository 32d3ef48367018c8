/**
 * The scan button: in the header on phones and on the DGUV audit dashboard (the
 * app puts it there). The dialog — camera, reader, lookup — loads on the first tap only.
 */
import { ActionIcon, Button } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanIcon } from '@components/icons';

const ScanDialog = lazy(() => import('./scan-dialog'));

export interface ScanButtonProps {
  /** 'icon' for the header, 'button' (with its text) on a screen. */
  variant?: 'icon' | 'button';
}

export function ScanButton({ variant = 'button' }: ScanButtonProps) {
  const { t } = useTranslation('pipes');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const label = t('scan.button');
  return (
    <>
      {variant === 'icon' ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          aria-label={label}
          title={label}
          onClick={() => setOpen(true)}
          data-testid="scan-open"
        >
          <ScanIcon />
        </ActionIcon>
      ) : (
        <Button
          variant="light"
          leftSection={<ScanIcon size={16} />}
          onClick={() => setOpen(true)}
          data-testid="scan-open"
        >
          {label}
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ScanDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
