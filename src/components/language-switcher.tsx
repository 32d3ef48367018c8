/**
 * Language menu (Deutsch / English / Français). The button shows at once; its menu
 * (language-menu.tsx, with Mantine's floating positioning) loads after the first paint.
 *A click before it is there opens the menu as soon as it is.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '../lib/i18n';
import { LanguageButton } from './language-button';

const LanguageMenu = lazy(() =>
  import('./language-menu').then((m) => ({ default: m.LanguageMenu })),
);

export interface LanguageSwitcherProps {
  variant?: 'subtle' | 'default' | 'light';
}

export function LanguageSwitcher({ variant = 'subtle' }: LanguageSwitcherProps) {
  const { i18n } = useTranslation('common');
  const current: Language = toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'de';
  const [wanted, setWanted] = useState(false);
  return (
    <Suspense
      fallback={
        <LanguageButton
          current={current}
          variant={variant}
          aria-haspopup="menu"
          aria-expanded={wanted}
          onClick={() => setWanted(true)}
        />
      }
    >
      <LanguageMenu current={current} variant={variant} defaultOpened={wanted} />
    </Suspense>
  );
}
