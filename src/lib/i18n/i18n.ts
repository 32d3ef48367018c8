/**
 * i18next set-up: German default and fallback, English (en-gb) and French, translations
 * loaded lazily per language. The chosen locale is kept in the `locale` cookie and mirrored
 * to `<html lang>`.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeCookie } from '../cookies';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  NAMESPACES,
  htmlLang,
  initialLanguage,
  toLanguage,
  type Language,
} from './languages';
import { lazyLocaleBackend } from './locale-loader';

export const i18n = i18next;

export { initialLanguage };

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
}

let initPromise: Promise<void> | null = null;

/**
 * Initialises i18next once and resolves when every namespace of the current language (and the
 * German fallback) is loaded, so the first render never shows raw keys.
 */
export function initI18n(language: Language = initialLanguage()): Promise<void> {
  initPromise ??= (async () => {
    i18n.on('languageChanged', (lng: string) => {
      const supported = toLanguage(lng);
      if (supported) applyDocumentLanguage(supported);
    });
    await i18n
      .use(lazyLocaleBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: LANGUAGES,
        lowerCaseLng: true,
        load: 'currentOnly',
        ns: NAMESPACES,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        // Namespaces are loaded before the first render, so components never need to suspend.
        react: { useSuspense: false },
      });
    applyDocumentLanguage(language);
  })();
  return initPromise;
}

/** Switches the UI language and remembers it for 365 days (docs/architecture.md). */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  writeCookie(LOCALE_COOKIE, language, { days: LOCALE_COOKIE_DAYS, sameSite: 'Lax', path: '/' });
}
