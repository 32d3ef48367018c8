/** The language switcher's button: the current language's short name, e.g. "DE". */
import { Button } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../lib/i18n';
import { GlobeIcon } from './icons';

export interface LanguageButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'color'> {
  current: Language;
  variant?: 'subtle' | 'default' | 'light';
}

export const LanguageButton = forwardRef<HTMLButtonElement, LanguageButtonProps>(
  function LanguageButton({ current, variant = 'subtle', ...rest }, ref) {
    const { t } = useTranslation('common');
    const short = current === 'en-gb' ? 'EN' : current.toUpperCase();
    return (
      <Button
        ref={ref}
        variant={variant}
        size="compact-md"
        mih={44}
        style={{ flexShrink: 0 }}
        leftSection={<GlobeIcon size={16} />}
        // The name holds the visible "DE" (axe: label-content-name-mismatch).
        aria-label={`${t('chooseLanguage')}: ${short} (${t(`languages.${current}`)})`}
        {...rest}
      >
        {short}
      </Button>
    );
  },
);
