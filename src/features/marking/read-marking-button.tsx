/**
 * The "Read marking" button and its dialog: the dialog and the text recognition behind it are
 * loaded only when the button is first used (a dynamic import), so they stay out of the bundle
 * of every screen that only shows the button (docs/architecture.md "Reading the marking").
 */
import { Button, type ButtonProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadMarkingDialogProps } from './read-marking-dialog';

export type { MarkingFields } from './marking-fields';

const ReadMarkingDialog = lazy(() => import('./read-marking-dialog'));

export type ReadMarkingButtonProps = Pick<ReadMarkingDialogProps, 'onConfirm' | 'onIllegible'> &
  Pick<ButtonProps, 'variant'>;

export function ReadMarkingButton({
  onConfirm,
  onIllegible,
  variant = 'light',
}: ReadMarkingButtonProps) {
  const { t } = useTranslation('pipes');
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        mih={44}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        aria-haspopup="dialog"
        data-testid="read-marking"
      >
        {t('marking.open')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ReadMarkingDialog
            opened={opened}
            onClose={() => setOpened(false)}
            onConfirm={onConfirm}
            {...(onIllegible ? { onIllegible } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
