import { expect, test, type Page } from './fixtures';
import { LoginPage } from './pages/login-page';

const CUSTOMER = '01936b2e-0000-7000-8000-00000000c001';
const MACHINE = '01936b2e-0005-7000-8000-000000000004';
// Screenshots only when asked for (SHOP_SCREENSHOTS=1), like the other specs' screenshot runs.
const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
const TAKE_SHOTS = process.env.SHOP_SCREENSHOTS === '1';

async function shoot(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  for (const lang of ['de', 'en-gb', 'fr']) {
    await page.context().addCookies([{ name: 'locale', value: lang, url: page.url() }]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.context().addCookies([{ name: 'locale', value: 'de', url: page.url() }]);
}

test.setTimeout(300_000);

test('kunde orders a replacement from the hose list and changes the quantity in the cart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // A loaded machine takes a while for the first visit (service worker, bundles).
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('kunde');
  await page.goto(`/customer/${CUSTOMER}/machine/${MACHINE}/parts/pipes`);
  const order = page.getByTestId('order-replacement').first();
  await order.click();
  await expect(page.getByTestId('added-line')).toContainText('€');
  if (TAKE_SHOTS) await page.screenshot({ path: `${SHOTS}/added-de-390.png` });
  await page.getByRole('link', { name: 'Zum Warenkorb' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${CUSTOMER}/cart$`));
  const line = page.getByTestId('cart-line').first();
  await expect(line).toBeVisible();
  // Offline, so the queued change stays queued while it is looked at (online, the live sync
  // answers it within a few hundred milliseconds, too fast to be sure to see the marker).
  await page.context().setOffline(true);
  await line.getByRole('button', { name: 'Menge erhöhen' }).click();
  await line.getByRole('button', { name: 'Menge erhöhen' }).click();
  await expect(line.getByRole('textbox', { name: 'Menge' })).toHaveValue('3');
  // Once the user stops, the one quantity change is queued; back online, the server's answer
  // clears the marker; the total follows the quantity.
  await expect(line.getByText('Preis wird beim Senden bestätigt')).toBeVisible();
  await page.context().setOffline(false);
  await expect(line.getByText('Preis wird beim Senden bestätigt')).toBeHidden({ timeout: 30_000 });
  await page.reload();
  await expect(
    page.getByTestId('cart-line').first().getByRole('textbox', { name: 'Menge' }),
  ).toHaveValue('3');
  await shoot(page, 'cart');

  await page.goto(`/customer/${CUSTOMER}/machine/${MACHINE}/parts/pipes`);
  await shoot(page, 'hoses');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('bulk-order').click();
  if (TAKE_SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-de-390.png` });
});
