import { expect, test, type Browser, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { OrderPages, submitOrderViaApi } from './pages/order-pages';

const CUSTOMER = '01936b2e-0000-7000-8000-00000000c001';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function signedIn(browser: Browser, user: string, name: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/');
  // The first sign-in of a fresh server may take a while on a busy machine.
  await expect(page.locator('#username')).toBeVisible({ timeout: 30_000 });
  await new LoginPage(page).signIn(user);
  // The first start pulls the customer data; a busy machine needs more than the default.
  await expect(new AppShell(page).userName()).toHaveText(name, { timeout: 30_000 });
  return page;
}

/**
 * The customer's view of the order once their device has pulled the change: the detail stays
 * open and a visibility change asks the sync scheduler for a run (no full reload each time).
 */
async function customerSees(page: Page, orderId: string, state: string) {
  const orders = new OrderPages(page);
  if (!page.url().endsWith(`/orders/${orderId}`)) await orders.gotoOrder(orderId);
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(orders.state()).toHaveText(state, { timeout: 4_000 });
  }).toPass({ timeout: 40_000 });
}

test('the office releases, marks, orders, ships and completes an order; the customer follows it', async ({
  browser,
}) => {
  // Two people at once, each step checked on both sides: more than the default minute.
  test.setTimeout(115_000);
  const kunde = await signedIn(browser, 'kunde', 'Karl Kunde');
  const orderId = await submitOrderViaApi(kunde, CUSTOMER);
  await customerSees(kunde, orderId, 'Wartet auf Freigabe');

  const buero = await signedIn(browser, 'buero', 'Bea Büro');
  const office = new OrderPages(buero);
  // The menu counts the waiting orders; the approve queue lists this one.
  await expect(new AppShell(buero).navItem('orders').getByTestId('orders-badge')).toBeVisible();
  await office.gotoQueue('approve');
  await expect(async () => {
    await buero.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(office.card(orderId)).toBeVisible({ timeout: 4_000 });
  }).toPass({ timeout: 40_000 });
  await office.card(orderId).click();

  await office.action('order-action-release');
  await office.expectState('Freigegeben');
  await customerSees(kunde, orderId, 'Freigegeben');

  // One line is bought in, the other made in the workshop: the order is to be ordered.
  await office.lineCheckbox(0).check();
  await office.button('Zum Bestellen markieren').click();
  await expect(office.lineCheckbox(0)).not.toBeChecked();
  await office.lineCheckbox(1).check();
  await office.button('Als Werkstatt markieren').click();
  await office.expectState('Wird bestellt');
  await customerSees(kunde, orderId, 'Wird bestellt');

  await office.action('order-action-ordered');
  await office.expectState('Bestellt');
  await customerSees(kunde, orderId, 'Bestellt');

  await buero.getByLabel('Link zur Sendungsverfolgung').fill('https://tracking.example/123');
  await office.button('Link speichern').click();
  await expect(buero.getByTestId('tracking-link')).toHaveAttribute(
    'href',
    'https://tracking.example/123',
  );
  await buero.locator('input[type="file"]').setInputFiles({
    name: 'Lieferschein.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(buero.getByTestId('download-note')).toBeVisible({ timeout: 20_000 });

  await office.action('order-action-complete');
  await office.confirm();
  await office.expectState('Abgeschlossen');

  await customerSees(kunde, orderId, 'Abgeschlossen');
  await expect(kunde.getByTestId('tracking-link')).toHaveAttribute(
    'href',
    'https://tracking.example/123',
  );
  const [download] = await Promise.all([
    kunde.waitForEvent('download'),
    kunde.getByTestId('download-note').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Lieferschein.pdf');
});
