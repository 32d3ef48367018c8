import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { goOffline, goOnlineAndSync } from './pages/offline';
import { demoDguvReport, OrderingPages } from './pages/ordering-pages';
import { serverRows } from './pages/server-api';

/**
 * End to end on a 390 px phone: `kunde` reorders a hose from a DGUV report's defect
 * list, raises the quantity in the cart, checks out with addresses, contact and both consents,
 * and finds the order under open orders awaiting approval — once online, once with the network
 * off from the first tap to the submit (then the server must hold exactly one new order).
 */
test.use({ viewport: { width: 390, height: 844 } });

async function signInAsKunde(page: Page) {
  await page.goto('/');
  // The first visit of a fresh server loads the service worker and bundles.
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('kunde');
  // The first start pulls the customer's data.
  await expect(new AppShell(page).userName()).toHaveText('Karl Kunde', { timeout: 30_000 });
}

/** The open orders list shows the order as awaiting approval once the device has pulled it. */
async function expectAwaitingApproval(page: Page, shop: OrderingPages, orderId: string) {
  const card = await shop.openOrderCard(orderId);
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(card.getByTestId('order-state')).toHaveText('Wartet auf Freigabe', {
      timeout: 4_000,
    });
  }).toPass({ timeout: 40_000 });
}

test('kunde reorders a hose from a DGUV defect and submits the order', async ({ page }) => {
  test.setTimeout(120_000);
  const shop = new OrderingPages(page);
  await signInAsKunde(page);
  const report = await demoDguvReport(page, DEMO_CUSTOMER);
  await shop.openReport(report);
  await shop.orderReplacement(DEMO_CUSTOMER);
  await shop.increaseQuantity(1, 2);
  await shop.waitForServerPrice();
  const orderId = await shop.toCheckout();
  await expect(page.getByTestId('checkout')).toContainText('2 ×');
  await shop.fillCheckout();
  await shop.submit();
  await expectAwaitingApproval(page, shop, orderId);
});

test('the same with the network off from the first tap to the submit reaches the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const shop = new OrderingPages(page);
  await signInAsKunde(page);
  const report = await demoDguvReport(page, DEMO_CUSTOMER);
  const byCompany = [{ key: 'companyId', param: 'eq', value: DEMO_CUSTOMER }];
  const before = new Set((await serverRows(page, 'shop/order', byCompany)).map((o) => o.id));
  // The report (and the catalogue) reached the device online; from the first tap on: offline.
  const code = await shop.openReport(report);
  await goOffline(page, context);
  await shop.orderReplacement(DEMO_CUSTOMER);
  await shop.increaseQuantity(2, 3);
  const orderId = await shop.toCheckout();
  await expect(page.getByTestId('checkout')).toContainText('3 ×');
  await shop.fillCheckout();
  await shop.submit();
  // The order's own notice (a toast may say the same for a moment).
  await expect(page.getByTestId('order-pending')).toContainText(
    'Wird gesendet, sobald Sie online sind.',
  );

  await goOnlineAndSync(page, context);
  await expectAwaitingApproval(page, shop, orderId);

  const created = (await serverRows(page, 'shop/order', byCompany)).filter(
    (o) => !before.has(o.id),
  );
  expect(created.map((o) => [o.id, o.state])).toEqual([[orderId, 'APPROVAL_PENDING']]);
  const [pipe] = await serverRows(page, 'machinepart/hosepipe', [
    ...byCompany,
    { key: 'code', param: 'eq', value: code },
  ]);
  const items = await serverRows(page, 'shop/orderitem', [
    { key: 'orderId', param: 'eq', value: orderId },
  ]);
  expect(items).toHaveLength(1);
  const [item] = items;
  expect(item?.pipeId).toBe(pipe?.id);
  expect(item?.quantity).toBe(3);
  expect(Number(item?.unitNetCents)).toBeGreaterThan(0);
  expect(item?.totalNetCents).toBe(Number(item?.unitNetCents) * 3);
});
