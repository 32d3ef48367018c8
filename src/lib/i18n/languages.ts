/** The UI languages of docs/architecture.md and the translation namespaces under `locales/<lng>/`. */
import { readCookie } from '../cookies';

export const LANGUAGES = ['de', 'en-gb', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/**
 * Namespaces the app loads at start-up. `login` and `reports` are deliberately absent: those
 * files belong to the server (sign-in page, PDF reports) and never ship in the app bundle.
 * Every other file must be listed: a namespace loaded only when a screen first asks for it
 * renders raw keys until it arrives (useSuspense is off).
 */
export const NAMESPACES = [
  'common',
  'nav',
  'routes',
  'errors',
  'validation',
  'auth',
  'dashboard',
  'shell',
  'dguv',
  'shop',
  'machines',
  'pipes',
  'settings',
  'sync',
  'forms',
  'enums',
  'customers',
  'parts',
  'dguvReport',
  'inspections',
  'maintenance',
  'orders',
  'admin',
  'products',
  'cheatsheet',
  'office',
  'verify',
  'dayPlan',
] as const;
export type AppNamespace = (typeof NAMESPACES)[number];

/** Cookie that keeps the locale preference (docs/architecture.md: 365 days, same-site lax). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

export function toLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lower) ? (lower as Language) : null;
}

/** BCP 47 spelling for the html `lang` attribute (i18next keeps codes in lower case). */
export function htmlLang(language: Language): string {
  return language === 'en-gb' ? 'en-GB' : language;
}

/** The language to start with: the cookie if it names a supported language, else German. */
export function initialLanguage(): Language {
  return toLanguage(readCookie(LOCALE_COOKIE)) ?? DEFAULT_LANGUAGE;
}
