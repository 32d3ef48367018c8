/**
 * What the 360 px sweep walks (e2e/no-overflow-*.spec.ts): every screen that needs nothing but
 * the demo data and the admin, office and DGUV dialogs, as the admin sees them.
 */
import { expect, type Page } from '../fixtures';
import { AppShell } from './app-shell';
import { LoginPage } from './login-page';
import { at, sweep, type Lang, type Opener } from './overflow';
import {
  DEMO_CUSTOMER,
  DEMO_HYDRAULIC_UNIT,
  DEMO_MACHINE,
  DEMO_MACHINE_2,
} from './power-unit-pages';

export const machine = `/customer/${DEMO_CUSTOMER}/machine/${DEMO_MACHINE}`;
export const powerUnit = `${machine}/power-unit/${DEMO_HYDRAULIC_UNIT}`;
/** Demo rows (server/src/modules/demo): fixed ids. */
export const DEMO_PIPE = '01936b2e-0009-7000-8000-000000000001';
export const DEMO_VALVE = '01936b2e-0007-7000-8000-000000000002';
export const APPROVED_AUDIT = `${machine}/dguv/01936b2e-000b-7000-8000-000000000001`;
export const COMPLETE_AUDIT = `/customer/${DEMO_CUSTOMER}/machine/${DEMO_MACHINE_2}/dguv/01936b2e-000b-7000-8000-000000000002`;

/** Screens that need nothing but the demo data, seen by the admin. */
export const SCREENS: [name: string, path: string][] = [
  ['start', '/'],
  ['customers', '/customer'],
  ['customer-create', '/customer/create'],
  ['customer', `/customer/${DEMO_CUSTOMER}`],
  ['customer-edit', `/customer/${DEMO_CUSTOMER}/edit`],
  ['customer-select', '/customer/select'],
  ['customer-pipes', `/customer/${DEMO_CUSTOMER}/pipes`],
  ['customer-orders', `/customer/${DEMO_CUSTOMER}/orders`],
  ['customer-orders-complete', `/customer/${DEMO_CUSTOMER}/orders/complete`],
  ['machines', `/customer/${DEMO_CUSTOMER}/machine`],
  ['machine-create', `/customer/${DEMO_CUSTOMER}/machine/create`],
  ['machine', machine],
  ['machine-edit', `${machine}/update`],
  ['machine-documents', `${machine}/documents/documents`],
  ['machine-dguv-documents', `${machine}/documents/dguv`],
  ['machine-inspection-documents', `${machine}/documents/inspection`],
  ['machine-maintenance-documents', `${machine}/documents/maintenance`],
  ['hoses', `${machine}/parts/pipes`],
  ['hose-create', `${machine}/parts/pipes/create`],
  ['hose-edit', `${machine}/parts/pipes/${DEMO_PIPE}`],
  ['power-units', `${machine}/parts/power-units`],
  ['power-unit-create', `${machine}/power-unit/create`],
  ['power-unit', powerUnit],
  ['power-unit-edit', `${powerUnit}/edit`],
  ['parts', `${powerUnit}/memory`],
  ['parts-motor-pump-units', `${powerUnit}/motor-pump-unit`],
  ['part-create', `${powerUnit}/motor-pump-unit/create`],
  ['part-edit', `${powerUnit}/valve/${DEMO_VALVE}`],
  ['dguv-start', `/dguv?machine=${DEMO_MACHINE}`],
  ['dguv-report-approved', APPROVED_AUDIT],
  ['orders', '/orders'],
  ['dguv-report-to-approve', `${COMPLETE_AUDIT}?queue=approval`],
  ['orders-complete', '/orders/complete'],
  ['configurator', '/configurator'],
  ['cart', `/customer/${DEMO_CUSTOMER}/cart`],
  ['cart-no-customer', '/cart'],
  ['admin', '/admin'],
  ['users', '/admin/user'],
  ['manufacturers', '/admin/manufacturer'],
  ['products', '/admin/shop/product-list'],
  ['settings', '/settings'],
  ['cheatsheet', '/cheatsheet'],
  ['sync-issues', '/sync-issues'],
  ['devices', '/devices'],
  ['day-plan', '/day-plan'],
  ['my-day', '/day-plan/mine'],
  ['profile', '/profile'],
  ['not-found', '/no-such-page'],
];

/** Opens `path`, then a dialog by clicking what `trigger` finds (a menu first, if given). */
export const dialog =
  (path: string, ready: string, trigger: (page: Page) => Promise<void>): Opener =>
  async (page) => {
    await at(path, ready)(page);
    await trigger(page);
    await expect(page.getByRole('dialog')).toBeVisible();
  };

export const DIALOGS: [name: string, open: Opener][] = [
  [
    'user-create-dialog',
    dialog('/admin/user', '[data-testid=user-row]', (p) => p.getByTestId('user-create').click()),
  ],
  [
    'user-edit-dialog',
    dialog('/admin/user', '[data-testid=user-row]', async (p) => {
      await p.locator('[data-testid=user-row][data-username=techniker] button').last().click();
      await p.getByRole('menuitem').first().click();
    }),
  ],
  [
    'user-password-dialog',
    dialog('/admin/user', '[data-testid=user-row]', async (p) => {
      await p.locator('[data-testid=user-row][data-username=techniker] button').last().click();
      await p.getByRole('menuitem').nth(1).click();
    }),
  ],
  [
    'manufacturer-dialog',
    dialog('/admin/manufacturer', '[data-testid=manufacturer-row]', (p) =>
      p.getByTestId('manufacturer-row').first().getByRole('button').first().click(),
    ),
  ],
  [
    'product-create-dialog',
    dialog('/admin/shop/product-list', '[data-testid=product-cards] button', (p) =>
      p.getByTestId('product-new').click(),
    ),
  ],
  [
    'product-edit-dialog',
    dialog('/admin/shop/product-list', '[data-testid=product-cards] button', (p) =>
      p.getByTestId('product-cards').getByRole('button').first().click(),
    ),
  ],
  [
    'dguv-approve-dialog',
    dialog(`${COMPLETE_AUDIT}?queue=approval`, '[data-testid=audit-approve]', (p) =>
      p.getByTestId('audit-approve').click(),
    ),
  ],
];

/** Signs `user` in on a fresh server (the first visit loads the service worker and bundles). */
export async function signIn(page: Page, user: string) {
  await page.goto('/');
  // The first visit of a fresh server loads the service worker and bundles.
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn(user);
  // The first start pulls the user's data.
  await expect(new AppShell(page).userName()).toBeVisible({ timeout: 30_000 });
}

/** Every screen and admin dialog in `lang`: the overflows found (none expected). */
export async function sweepScreensAndDialogs(page: Page, lang: Lang): Promise<string[]> {
  await signIn(page, 'admin');
  const failures: string[] = [];
  await sweep(
    page,
    SCREENS.map(([name, path]) => [name, at(path)] as const),
    failures,
    [lang],
  );
  await sweep(page, DIALOGS, failures, [lang]);
  return failures;
}
