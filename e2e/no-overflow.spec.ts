import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER, DEMO_HYDRAULIC_UNIT, DEMO_MACHINE } from './pages/power-unit-pages';
import { SHOTS, TAKE_SHOTS } from './pages/screenshots';

/**
 * Issue #14 item 8: no screen overflows a 360 px phone sideways, in de / en-gb / fr
 * (measured: the page's scrollWidth never exceeds its clientWidth). With SCREENSHOTS=1 each
 * screen is also shot for a person to look at.
 */
test.use({ viewport: { width: 360, height: 780 } });

const machine = `/customer/${DEMO_CUSTOMER}/machine/${DEMO_MACHINE}`;
const SCREENS: [name: string, path: string][] = [
  ['start', '/'],
  ['customers', '/customer'],
  ['customer', `/customer/${DEMO_CUSTOMER}`],
  ['customer-edit', `/customer/${DEMO_CUSTOMER}/edit`],
  ['customer-select', '/customer/select'],
  ['machines', `/customer/${DEMO_CUSTOMER}/machine`],
  ['machine', machine],
  ['machine-edit', `${machine}/update`],
  ['machine-documents', `${machine}/documents/documents`],
  ['machine-dguv-documents', `${machine}/documents/dguv`],
  ['hoses', `${machine}/parts/pipes`],
  ['hose-create', `${machine}/parts/pipes/create`],
  ['power-units', `${machine}/parts/power-units`],
  ['power-unit', `${machine}/power-unit/${DEMO_HYDRAULIC_UNIT}`],
  ['parts', `${machine}/power-unit/${DEMO_HYDRAULIC_UNIT}/memory`],
  ['dguv-start', `/dguv?machine=${DEMO_MACHINE}`],
  ['orders', '/orders'],
  ['configurator', '/configurator'],
  ['cart', `/customer/${DEMO_CUSTOMER}/cart`],
  ['admin', '/admin'],
  ['users', '/admin/user'],
  ['manufacturers', '/admin/manufacturer'],
  ['products', '/admin/shop/product-list'],
  ['settings', '/settings'],
  ['cheatsheet', '/cheatsheet'],
  ['sync-issues', '/sync-issues'],
  ['profile', '/profile'],
  ['not-found', '/no-such-page'],
];

/** Elements wider than the page, by their text: what to fix when the page overflows. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const limit = doc.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const box = el.getBoundingClientRect();
      if (box.right > limit + 1 && box.width > 0 && culprits.length < 5) {
        culprits.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" right ${Math.round(box.right)}`,
        );
      }
    }
    return { width: doc.scrollWidth - doc.clientWidth, culprits };
  });
}

test('no screen overflows a 360 px phone in German, English or French', async ({ page }) => {
  test.setTimeout(480_000);
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('admin');
  await expect(new AppShell(page).userName()).toBeVisible({ timeout: 30_000 });
  const failures: string[] = [];
  for (const lang of ['de', 'en-gb', 'fr']) {
    await page.context().addCookies([{ name: 'locale', value: lang, url: page.url() }]);
    for (const [name, path] of SCREENS) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(400);
      const { width, culprits } = await overflow(page);
      if (width > 0)
        failures.push(`${lang} ${name}: ${width} px too wide — ${culprits.join('; ')}`);
      if (TAKE_SHOTS) {
        await page.screenshot({ path: `${SHOTS}/w360-${name}-${lang}.png`, fullPage: true });
      }
    }
  }
  await page.context().addCookies([{ name: 'locale', value: 'de', url: page.url() }]);
  expect(failures).toEqual([]);
});
