/**
 * Typed translation keys: every `t()` key is checked against the German resources, which are
 * the reference language (the locales test keeps en-gb and fr in step with them).
 */
import 'i18next';
import type auth from '../../../locales/de/auth.json';
import type common from '../../../locales/de/common.json';
import type dashboard from '../../../locales/de/dashboard.json';
import type errors from '../../../locales/de/errors.json';
import type nav from '../../../locales/de/nav.json';
import type routes from '../../../locales/de/routes.json';
import type shell from '../../../locales/de/shell.json';
import type validation from '../../../locales/de/validation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      auth: typeof auth;
      common: typeof common;
      dashboard: typeof dashboard;
      errors: typeof errors;
      nav: typeof nav;
      routes: typeof routes;
      shell: typeof shell;
      validation: typeof validation;
    };
  }
}
