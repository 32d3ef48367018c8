/**
 * Language menu (Deutsch / English / Français). A Mantine Menu, so it opens with Enter/Space
 * and is navigated with the arrow keys; the current language is marked with aria-current.
 */
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, toLanguage, type Language } from '../lib/i18n';
import { CheckIcon, GlobeIcon } from './icons';

export interface LanguageSwitcherProps {
  variant?: 'subtle' | 'default' | 'light';
}

export function LanguageSwitcher({ variant = 'subtle' }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('common');
  const current: Language = toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'de';
  const short = current === 'en-gb' ? 'EN' : current.toUpperCase();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={variant}
          size="compact-md"
          mih={44}
          style={{ flexShrink: 0 }}
          leftSection={<GlobeIcon size={16} />}
          // The name holds the visible "DE" (axe: label-content-name-mismatch).
          aria-label={`${t('chooseLanguage')}: ${short} (${t(`languages.${current}`)})`}
        >
          {short}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng === 'en-gb' ? 'en-GB' : lng}
            aria-current={lng === current ? 'true' : undefined}
            rightSection={lng === current ? <CheckIcon size={14} /> : null}
            onClick={() => void changeLanguage(lng)}
          >
            {t(`languages.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
