/** Key types for code that stores translation keys as data (route titles, menu entries). */
import type { ParseKeys } from 'i18next';
import type { AppNamespace } from './languages';

/** Any key in `namespace:path` form, e.g. `routes:parts.tank.list`. */
export type TranslationKey = ParseKeys<AppNamespace[]>;

/** A screen title: a key of the `routes` namespace, written with its prefix. */
export type RouteTitleKey = Extract<TranslationKey, `routes:${string}`>;
