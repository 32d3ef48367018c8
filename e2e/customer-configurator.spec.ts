import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { goOffline, goOnlineAndSync } from './pages/offline';
import { OrderingPages } from './pages/ordering-pages';
import { serverRows } from './pages/server-api';

/**
 * A customer user (`kunde`, who may not create hoses through the CMS) configures hoses on a
 * 390 px phone — once online, once with the network off — and checks out. The office's order
 * must hold both configured hoses with the quantities and totals the phone showed; no hose the
 * server refused may stay behind on the phone.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function choose(page: Page, label: RegExp, option?: RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await expect(input).toBeEnabled({ timeout: 20_000 });
  await input.click();
  const options = page.getByRole('option', option ? { name: option } : {});
  await options.first().click();
  await expect(input).not.toHaveValue('');
}

/** Configures one hose of a length no other run uses and puts `quantity` into the cart. */
async function configure(page: Page, length: number, quantity: number) {
  await page.goto('/configurator');
  await choose(page, /^Standort/);
  await choose(page, /^Maschine/);
  await choose(page, /^Schlauch suchen/, /Hydraulikschlauch 2SN DN10 /);
  await page.getByRole('textbox', { name: 'Länge' }).fill(String(length));
  await choose(page, /^Armatur links/);
  await choose(page, /^Armatur rechts/);
  const input = page.getByRole('textbox', { name: 'Menge' });
  await input.fill(String(quantity));
  await input.blur();
  await expect(
    page.getByTestId('configurator-summary').getByText(/Einzelpreis netto: \d/),
  ).toBeVisible();
  await page.getByTestId('configurator-add').click();
  await expect(page.getByTestId('added-line').last()).toContainText('€', { timeout: 20_000 });
}

test('kunde orders configured hoses online and offline; the office order has both lines and the total', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('kunde');
  await expect(new AppShell(page).userName()).toHaveText('Karl Kunde', { timeout: 30_000 });

  const online = 3000 + (Date.now() % 997);
  const offline = online + 1;
  await configure(page, online, 2);
  await goOffline(page, context);
  await configure(page, offline, 3);
  await goOnlineAndSync(page, context);

  await page.goto(`/customer/${DEMO_CUSTOMER}/cart`);
  const cart = page
    .getByTestId('cart')
    .filter({ has: page.getByTestId('cart-line').filter({ hasText: `${offline} mm` }) });
  await expect(cart.getByTestId('cart-line').filter({ hasText: `${online} mm` })).toBeVisible({
    timeout: 20_000,
  });
  await cart.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/cart\/checkout\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop() ?? '';
  const shop = new OrderingPages(page);
  await shop.fillCheckout();
  await shop.submit();
  await goOnlineAndSync(page, context);

  // Nothing was refused: Sync issues has nothing to show.
  await page.goto('/sync-issues');
  await expect(page.getByTestId(/^rejection-/)).toHaveCount(0);

  const byCompany = { key: 'companyId', param: 'eq', value: DEMO_CUSTOMER } as const;
  const pipes = [];
  for (const length of [online, offline]) {
    const [pipe] = await serverRows(page, 'machinepart/hosepipe', [
      byCompany,
      { key: 'length', param: 'eq', value: length },
    ]);
    expect(pipe, `the hose of ${length} mm is on the server`).toBeDefined();
    pipes.push(pipe);
  }
  await expect(async () => {
    const [order] = await serverRows(page, 'shop/order', [
      { key: 'id', param: 'eq', value: orderId },
    ]);
    expect(order?.state).toBe('APPROVAL_PENDING');
  }).toPass({ timeout: 30_000 });
  const items = await serverRows(page, 'shop/orderitem', [
    { key: 'orderId', param: 'eq', value: orderId },
  ]);
  const quantities = pipes.map((p) => items.find((i) => i.pipeId === p?.id)?.quantity);
  expect(quantities).toEqual([2, 3]);
  for (const item of items) {
    expect(item.totalNetCents).toBe(Number(item.unitNetCents) * Number(item.quantity));
  }
  // The checkout's total is the server's: the sum of every line.
  const total = items.reduce((sum, i) => sum + Number(i.totalNetCents), 0);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-detail')).toContainText(
    new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(total / 100),
    { timeout: 20_000 },
  );
});
