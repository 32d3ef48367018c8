/**
 * The language switcher's menu (Deutsch / English / Français): a Mantine Menu, so it opens with
 * Enter/Space and is navigated with the arrow keys; the current language is marked with
 * aria-current. Loaded after the first paint by language-switcher.tsx.
 */
import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage } from '../lib/i18n';
import { CheckIcon } from './icons';
import { LanguageButton, type LanguageButtonProps } from './language-button';

export interface LanguageMenuProps extends LanguageButtonProps {
  /** Open at once: the button was clicked before the menu had loaded. */
  defaultOpened?: boolean;
}

export function LanguageMenu({ defaultOpened, ...props }: LanguageMenuProps) {
  const { t } = useTranslation('common');
  return (
    <Menu
      position="bottom-end"
      withinPortal
      defaultOpened={defaultOpened}
      // No focus placeholder inside role="menu" (axe: aria-required-children), as the export
      // menu; the arrow keys still move through the items.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <LanguageButton {...props} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng === 'en-gb' ? 'en-GB' : lng}
            aria-current={lng === props.current ? 'true' : undefined}
            rightSection={lng === props.current ? <CheckIcon size={14} /> : null}
            onClick={() => void changeLanguage(lng)}
          >
            {t(`languages.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
