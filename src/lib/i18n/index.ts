export {
  LANGUAGES,
  DEFAULT_LANGUAGE,
  NAMESPACES,
  LOCALE_COOKIE,
  toLanguage,
  htmlLang,
  type Language,
  type AppNamespace,
} from './languages';
export { i18n, initI18n, changeLanguage, currentLanguage, initialLanguage } from './i18n';
export type { TranslationKey, RouteTitleKey } from './keys';
export { looksLikeMessageKey } from './message-key';
