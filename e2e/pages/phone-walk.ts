import type { Browser, BrowserContext, Page } from '@playwright/test';
import { hoseLinkPath } from '@domain/rules/hose-link';
import { expect } from '../fixtures';
import { text, money } from './locale-text';
import { DEMO_CUSTOMER } from './machine-pages';
import { outboxSize, waitForServiceWorker } from './offline';
import { overflow, type Lang } from './overflow';
import { SHOTS, TAKE_SHOTS } from './screenshots';
import { serverRows } from './server-api';

/**
 * The customer and the technician on a 390 px phone, in German, English and French: the
 * smaller things a phone walk found, each asserted where the person meets it — the
 * configurator opening at its top, the cart's undo with its whole label, the checkout's
 * assembly surcharge of a 3× line (three surcharges, named as in the cart), its delivery
 * address (the cart's location), terms and privacy to read, an order sent offline showing what
 * was chosen, no customer choice offered to a customer, count tiles breaking only between
 * syllables, the menu's Machines without a customer, one theme colour from the first frame,
 * and the DGUV report's result badges whole. One spec file per language
 * (e2e/phone-sweep-{de,en-gb,fr}.spec.ts), so CI lanes share them. SCREENSHOTS=1 keeps a picture of each step in .tmp/shots (phone-*).
 */
export const PHONE = { width: 390, height: 844 };

async function signIn(browser: Browser, baseURL: string, lang: Lang, user: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await context.addCookies([{ name: 'locale', value: lang, url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await page.locator('#username').fill(user);
  await page.locator('#password').fill('demo');
  await page.locator('#kc-login').click();
  await expect(page.getByTestId('user-full-name')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}$`, 'i'));
  return { context, page };
}

async function shot(page: Page, lang: Lang, name: string, fullPage = true) {
  if (TAKE_SHOTS) await page.screenshot({ path: `${SHOTS}/phone-${name}-${lang}.png`, fullPage });
}

/** The page fits the phone and no button or badge label is cut. */
async function expectFits(page: Page, where: string) {
  const o = await overflow(page);
  expect.soft(o.width, `${where}: wider than the phone — ${o.culprits.join('; ')}`).toBe(0);
  expect.soft(o.cut, `${where}: labels cut off`).toEqual([]);
}

/** Lines of `selector`'s texts that break inside a word without a hyphen ("Hydraulikaggr|egate"). */
function midWordBreaks(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let top: number | null = null;
      let previous = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const chars = node.textContent ?? '';
        for (let i = 0; i < chars.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          // A character just after a break may also report an empty box at the line's end.
          const box = Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .pop();
          const ch = chars[i] ?? '';
          if (box && ch !== '\u00ad') {
            if (top !== null && box.top > top + 2 && !/[\s\u00ad-]/.test(previous)) {
              found.push(`"${(el.textContent ?? '').replace(/\u00ad/g, '')}" before "${ch}"`);
            }
            top = box.top;
          }
          previous = ch;
        }
      }
    }
    return found;
  }, selector);
}

/** Badges in the main area whose label is not wholly visible (cut by the badge or a box). */
function clippedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const badge of Array.from(document.querySelectorAll('main .mantine-Badge-root'))) {
      const box = badge.getBoundingClientRect();
      if (box.width === 0) continue;
      const label = badge.querySelector('.mantine-Badge-label') ?? badge;
      const range = document.createRange();
      range.selectNodeContents(label);
      const needed = range.getBoundingClientRect();
      // The label ends inside its badge, and the badge inside every box that clips it.
      let right = Math.min(box.right, document.documentElement.clientWidth);
      for (let p = badge.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') {
          right = Math.min(right, p.getBoundingClientRect().right);
        }
      }
      if (needed.right > right + 2) {
        found.push(`"${label.textContent}" needs ${Math.round(needed.right)}, shows to ${right}`);
      }
    }
    return found;
  });
}

/** Every primary colour the page shows from its load until it has settled. */
async function themeColours(page: Page, path: string): Promise<string[]> {
  await page.goto(path, { waitUntil: 'commit' });
  const seen = new Set<string>();
  const end = Date.now() + 4_000;
  while (Date.now() < end) {
    const colour = await page
      .evaluate(() =>
        getComputedStyle(document.documentElement)
          .getPropertyValue('--mantine-primary-color-filled')
          .trim(),
      )
      .catch(() => '');
    if (colour) seen.add(colour);
    await page.waitForTimeout(40);
  }
  return [...seen];
}

async function openMenu(page: Page, lang: Lang) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: text(lang, 'shell', 'openNavigation') })
    .click();
}

async function offline(page: Page, context: BrowserContext, lang: Lang) {
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(page.getByTestId('online-indicator')).toContainText(
    text(lang, 'shell', 'network.offline'),
    { ignoreCase: true },
  );
}

/** The customer: dashboard, theme, configurator, cart, checkout and an order sent offline. */
export async function customerWalk(browser: Browser, baseURL: string, lang: Lang) {
  const { context, page } = await signIn(browser, baseURL, lang, 'kunde');
  const t = (ns: string, key: string, vars?: Record<string, string>) => text(lang, ns, key, vars);

  // The dashboard offers a customer the location, never another customer.
  await expect(page.getByTestId('count-powerUnits')).toBeVisible({ timeout: 90_000 });
  await expect
    .soft(page.getByRole('link', { name: t('dashboard', 'selected.change') }))
    .toHaveCount(0);
  await expect
    .soft(page.getByRole('link', { name: t('dashboard', 'selected.changeLocation') }))
    .toBeVisible();
  expect.soft(await midWordBreaks(page, '[data-testid^="count-"] p')).toEqual([]);
  await expectFits(page, 'dashboard');
  await shot(page, lang, 'customer-dashboard');
  await openMenu(page, lang);
  const nav = page.locator('#app-navbar');
  await expect.soft(nav.getByText(t('nav', 'selectCustomer'), { exact: true })).toHaveCount(0);
  await expect.soft(page.getByTestId('nav-selectLocation')).toHaveText(t('nav', 'selectLocation'));
  await expect.soft(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await shot(page, lang, 'customer-menu', false);

  // The configurator opens at its top, though the dashboard was left scrolled down.
  await page
    .getByRole('banner')
    .getByRole('button', { name: t('shell', 'closeNavigation') })
    .click();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await openMenu(page, lang);
  await page.getByTestId('nav-configurator').click();
  await expect(page).toHaveURL(/\/configurator$/);
  await expect(
    page.getByRole('combobox', { name: t('shop', 'configurator.location') }),
  ).toBeVisible();
  expect.soft(await page.evaluate(() => window.scrollY)).toBe(0);
  // Its locations read as addresses with postcode, each once.
  const where = page.getByRole('combobox', { name: t('shop', 'configurator.location') });
  await expect(where).toBeEnabled({ timeout: 20_000 });
  await where.click();
  const places = await page.getByRole('option').allInnerTexts();
  expect(places.length).toBeGreaterThan(0);
  for (const place of places) expect.soft(place).toMatch(/\d{5}/);
  expect.soft(new Set(places).size).toBe(places.length);
  await page.keyboard.press('Escape');
  await expectFits(page, 'configurator');
  await shot(page, lang, 'configurator', false);

  // One theme colour from the first frame on a full load of /orders and of a hose link.
  const brand = await page.evaluate(() =>
    getComputedStyle(document.documentElement)
      .getPropertyValue('--mantine-primary-color-filled')
      .trim(),
  );
  const [pipe] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'companyId', param: 'eq', value: DEMO_CUSTOMER },
  ]);
  for (const path of ['/orders', hoseLinkPath(String(pipe?.code))]) {
    expect.soft(await themeColours(page, path), `theme colours on ${path}`).toEqual([brand]);
  }

  // A replacement into the cart; removed and put back with the snack's whole "Undo".
  const machine = String(pipe?.machineId);
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine/${machine}/parts/pipes`);
  await page.getByTestId('order-replacement').first().click();
  await expect(page.getByTestId('added-line')).toContainText('€', { timeout: 20_000 });
  await page.goto(`/customer/${DEMO_CUSTOMER}/cart`);
  const line = page.getByTestId('cart-line').first();
  await expect(line).toBeVisible();
  const lineName = (await line.locator('p').first().innerText()).trim();
  await line.getByRole('button', { name: t('shop', 'line.remove', { name: lineName }) }).click();
  const undo = page.getByRole('button', { name: t('shop', 'line.undo'), exact: true });
  await expect(undo).toBeVisible();
  await expect.soft(undo).toHaveText(t('shop', 'line.undo'));
  await expectFits(page, 'cart undo');
  await shot(page, lang, 'cart-undo', false);
  await undo.click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const quantity = page
    .getByTestId('cart-line')
    .first()
    .getByRole('textbox', {
      name: t('shop', 'line.quantity'),
    });
  await quantity.fill('3');
  await quantity.blur();
  // The surcharge per assembly, as the line shows it ("Montagezuschlag: 12,50 €").
  const perAssembly = await page
    .getByTestId('cart-line')
    .first()
    .getByText(`${t('shop', 'line.surcharge')}:`)
    .innerText();
  const surchargeCents = Number(perAssembly.replace(/\D/g, ''));
  expect(surchargeCents).toBeGreaterThan(0);
  await expect
    .soft(page.getByTestId('cart').getByText(t('shop', 'cart.surchargeTotal')))
    .toContainText(money(lang, 3 * surchargeCents));
  await shot(page, lang, 'cart');

  // Checkout: the 3× line's surcharge is three surcharges, in the cart's word.
  await page.getByTestId('cart-checkout').first().click();
  await expect(page).toHaveURL(/\/cart\/checkout\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  const orderLine = page.getByTestId('order-line').first();
  await expect
    .soft(orderLine)
    .toContainText(t('orders', 'totals.surcharge', { amount: money(lang, 3 * surchargeCents) }));
  await expect.soft(orderLine).toContainText(t('shop', 'line.surcharge').toLowerCase(), {
    ignoreCase: true,
  });
  // The delivery address is the cart's location.
  const [order] = await serverRows(page, 'shop/order', [
    { key: 'id', param: 'eq', value: orderId },
  ]);
  const [location] = await serverRows(page, 'company/location', [
    { key: 'id', param: 'eq', value: order?.locationId },
  ]);
  const delivery = page.getByRole('combobox', { name: t('orders', 'checkout.deliveryAddress') });
  await expect
    .soft(delivery)
    .toHaveValue(
      [
        `${String(location?.street)} ${String(location?.houseNumber)}`,
        location?.addition ? String(location.addition) : '',
        `${String(location?.zip)} ${String(location?.city)}`,
      ]
        .filter(Boolean)
        .join(', '),
    );
  // Terms and privacy can be read before they are accepted.
  for (const which of ['terms', 'privacy'] as const) {
    const read = page.getByTestId(`read-${which}`);
    expect.soft(await read.count(), `a link to read the ${which}`).toBe(1);
    if ((await read.count()) === 0) continue;
    await read.click();
    const dialog = page.getByRole('dialog', { name: t('orders', `legal.${which}.title`) });
    await expect(dialog).toBeVisible();
    await expect.soft(dialog.locator('p')).toHaveCount(4);
    // Built from the company settings: the service company is named, not a stand-in.
    await expect.soft(dialog).not.toContainText(t('orders', 'legal.noCompany'));
    await expectFits(page, `${which} dialog`);
    await shot(page, lang, `checkout-${which}`, false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await expectFits(page, 'checkout');
  await shot(page, lang, 'checkout');

  // Sent offline: the order shows the chosen addresses and contact while it waits.
  const chosenDelivery = await delivery.inputValue();
  const chosenContact = await page
    .getByRole('combobox', { name: t('orders', 'checkout.contact') })
    .inputValue();
  await offline(page, context, lang);
  await page.getByTestId('accept-terms').check();
  await page.getByTestId('accept-privacy').check();
  await page.getByTestId('checkout-submit').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  const detail = page.getByTestId('order-detail');
  for (const part of chosenDelivery.split(', ')) await expect.soft(detail).toContainText(part);
  await expect.soft(detail).toContainText(chosenContact);
  await expect(page.getByTestId('sync-pending')).toBeVisible();
  await expectFits(page, 'order sent offline');
  await shot(page, lang, 'order-offline');
  await context.setOffline(false);
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  await context.close();
}

/** The technician: the menu's Machines with no customer, the dashboard, the DGUV report. */
export async function technicianWalk(browser: Browser, baseURL: string, lang: Lang) {
  const { context, page } = await signIn(browser, baseURL, lang, 'techniker');
  const t = (ns: string, key: string, vars?: Record<string, string>) => text(lang, ns, key, vars);

  // No customer selected yet: Machines asks for one, says why, then opens its machines.
  await openMenu(page, lang);
  await page.getByTestId('nav-machines').click();
  await expect
    .soft(page.getByTestId('select-for-machines'))
    .toHaveText(t('customers', 'select.forMachines'));
  await shot(page, lang, 'machines-choose', false);
  const customer = page.getByRole('combobox', { name: t('customers', 'select.customer') });
  await customer.click();
  await page
    .getByRole('option', { name: /Muster Hydraulik Kunde/ })
    .first()
    .click();
  await page.getByTestId('select-apply').click();
  await expect.soft(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/machine$`));

  // Staff change the customer; the tiles break between syllables only.
  await page.goto('/');
  await expect(page.getByTestId('count-powerUnits')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('link', { name: t('dashboard', 'selected.change') })).toBeVisible();
  expect.soft(await midWordBreaks(page, '[data-testid^="count-"] p')).toEqual([]);
  await expectFits(page, 'technician dashboard');
  await shot(page, lang, 'technician-dashboard');

  // The DGUV reports' result badges show their whole label ("Nicht geprüft" included).
  const audits = await serverRows(page, 'audit/dguv', [
    { key: 'companyId', param: 'eq', value: DEMO_CUSTOMER },
  ]);
  const reports = audits
    .filter((a) => a.state === 'APPROVED' || a.state === 'COMPLETE')
    .map((a) => `/customer/${DEMO_CUSTOMER}/machine/${String(a.machineId)}/dguv/${String(a.id)}`);
  expect(reports.length).toBeGreaterThan(0);
  for (const [i, url] of reports.slice(0, 3).entries()) {
    await page.goto(url);
    await expect(page.getByTestId('visual-row').first()).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('report-visual').scrollIntoViewIfNeeded();
    expect.soft(await clippedBadges(page), `badges of ${url}`).toEqual([]);
    await expectFits(page, 'DGUV report');
    await shot(page, lang, `dguv-report-${i}`);
  }
  await context.close();
}
