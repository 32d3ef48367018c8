import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { OrderPages } from './pages/order-pages';
import { OrderingPages } from './pages/ordering-pages';
import { shoot } from './pages/screenshots';
import { serverRows } from './pages/server-api';

/**
 * Office staff (`buero`) select a customer, build a new hose in the configurator
 * (location, machine, hose, length, both fittings, quantity), put it into that customer's cart
 * and check out for them — a staff order is READY at once (docs/architecture.md). The server then holds
 * the new hose record and the order with its line. With SCREENSHOTS=1 the checkout and the
 * order detail are shot in de / en-gb / fr at 390 and 1280 px.
 */
test.use({ viewport: { width: 1280, height: 900 } });

/** Picks the option of a Mantine select (the first one when no name is given). */
async function choose(page: Page, label: RegExp, option?: RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await expect(input).toBeEnabled({ timeout: 20_000 });
  await input.click();
  const options = page.getByRole('option', option ? { name: option } : {});
  await options.first().click();
  await expect(input).not.toHaveValue('');
}

test('buero orders a configured hose for the selected customer; the order is released at once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('buero');
  await expect(new AppShell(page).userName()).toHaveText('Bea Büro', { timeout: 30_000 });

  // Select the customer the way the office does.
  await page.goto('/customer/select');
  const customer = page.getByTestId('select-customer');
  await customer.click();
  await customer.fill('Muster Hydraulik');
  await page.getByRole('option', { name: /Muster Hydraulik Kunde GmbH/ }).click();
  await page.getByTestId('select-apply').click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}$`));

  // The configurator starts with the selected customer.
  await page.goto('/configurator');
  await expect(page.getByRole('combobox', { name: /^Kunde/ })).toHaveValue(
    'Muster Hydraulik Kunde GmbH',
    { timeout: 20_000 },
  );
  await choose(page, /^Standort/);
  await choose(page, /^Maschine/);
  await choose(page, /^Schlauch suchen/, /Hydraulikschlauch 2SN DN10 /);
  // A length no other run uses finds this hose's line in the cart and on the server.
  const length = 3000 + (Date.now() % 997);
  const lengthInput = page.getByRole('textbox', { name: 'Länge' });
  await lengthInput.fill(String(length));
  await choose(page, /^Armatur links/, /24° metrisch/);
  await choose(page, /^Armatur rechts/, /24° metrisch/);
  const quantity = page.getByRole('textbox', { name: 'Menge' });
  await quantity.fill('2');
  await quantity.blur();
  const summary = page.getByTestId('configurator-summary');
  await expect(summary.getByText(/Einzelpreis netto: \d/)).toBeVisible();
  await page.getByTestId('configurator-add').click();
  await expect(page.getByTestId('added-line')).toContainText('€', { timeout: 20_000 });

  await page.getByRole('link', { name: 'Zum Warenkorb' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/cart$`));
  const cart = page
    .getByTestId('cart')
    .filter({ has: page.getByTestId('cart-line').filter({ hasText: `${length} mm` }) });
  const line = cart.getByTestId('cart-line').filter({ hasText: `${length} mm` });
  await expect(line.getByRole('textbox', { name: 'Menge' })).toHaveValue('2');
  await expect(line.getByText('Preis wird beim Senden bestätigt')).toBeHidden({ timeout: 30_000 });
  await cart.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/cart\/checkout\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('checkout')).toContainText(`${length} mm`);
  await shoot(page, `/cart/checkout/${orderId}`, 'checkout', '[data-testid=checkout]');

  const shop = new OrderingPages(page);
  await shop.fillCheckout();
  await shop.submit();
  expect(page.url()).toContain(`/orders/${orderId}`);
  const office = new OrderPages(page);
  await office.expectState('Freigegeben');
  await shoot(page, `/orders/${orderId}`, 'order-detail', '[data-testid=order-detail]');

  // The server: the new hose record, and the order READY with its line of 2.
  const [pipe] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'companyId', param: 'eq', value: DEMO_CUSTOMER },
    { key: 'length', param: 'eq', value: length },
  ]);
  expect(pipe).toBeDefined();
  await expect(async () => {
    const [order] = await serverRows(page, 'shop/order', [
      { key: 'id', param: 'eq', value: orderId },
    ]);
    expect(order?.state).toBe('READY');
  }).toPass({ timeout: 30_000 });
  const items = await serverRows(page, 'shop/orderitem', [
    { key: 'orderId', param: 'eq', value: orderId },
  ]);
  const item = items.find((i) => i.pipeId === pipe?.id);
  expect(item?.quantity).toBe(2);
  expect(item?.totalNetCents).toBe(Number(item?.unitNetCents) * 2);
});
