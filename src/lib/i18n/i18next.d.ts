/**
 * Typed translation keys: every `t()` key is checked against the German resources, which are
 * the reference language (the locales test keeps en-gb and fr in step with them).
 */
import 'i18next';
import type auth from '@locales/de/auth.json';
import type common from '@locales/de/common.json';
import type dashboard from '@locales/de/dashboard.json';
import type dguv from '@locales/de/dguv.json';
import type errors from '@locales/de/errors.json';
import type machines from '@locales/de/machines.json';
import type nav from '@locales/de/nav.json';
import type pipes from '@locales/de/pipes.json';
import type routes from '@locales/de/routes.json';
import type settings from '@locales/de/settings.json';
import type shell from '@locales/de/shell.json';
import type shop from '@locales/de/shop.json';
import type sync from '@locales/de/sync.json';
import type validation from '@locales/de/validation.json';
import type forms from '@locales/de/forms.json';
import type enums from '@locales/de/enums.json';
import type customers from '@locales/de/customers.json';
import type parts from '@locales/de/parts.json';
import type dguvReport from '@locales/de/dguvReport.json';
import type inspections from '@locales/de/inspections.json';
import type maintenance from '@locales/de/maintenance.json';
import type orders from '@locales/de/orders.json';
import type admin from '@locales/de/admin.json';
import type products from '@locales/de/products.json';
import type cheatsheet from '@locales/de/cheatsheet.json';
import type office from '@locales/de/office.json';
import type dayPlan from '@locales/de/dayPlan.json';
import type verify from '@locales/de/verify.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      auth: typeof auth;
      common: typeof common;
      dashboard: typeof dashboard;
      dguv: typeof dguv;
      errors: typeof errors;
      machines: typeof machines;
      nav: typeof nav;
      pipes: typeof pipes;
      routes: typeof routes;
      settings: typeof settings;
      shell: typeof shell;
      shop: typeof shop;
      sync: typeof sync;
      validation: typeof validation;
      forms: typeof forms;
      enums: typeof enums;
      customers: typeof customers;
      parts: typeof parts;
      dguvReport: typeof dguvReport;
      inspections: typeof inspections;
      maintenance: typeof maintenance;
      orders: typeof orders;
      admin: typeof admin;
      products: typeof products;
      cheatsheet: typeof cheatsheet;
      office: typeof office;
      dayPlan: typeof dayPlan;
      verify: typeof verify;
    };
  }
}
