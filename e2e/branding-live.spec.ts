import { expect, test, type Page } from './fixtures';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { accessToken } from './pages/server-api';

/**
 * Branding as the administrator changes it: a saved colour repaints the app at once (no
 * reload), the customer's logo shows in the header, named by the customer, on a desktop and on
 * a 390 px phone without pushing the header wider than the screen.
 */
/** The theme's primary colour as the page paints it now. */
function primaryOf(page: Page) {
  return () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement)
        .getPropertyValue('--mantine-primary-color-filled')
        .trim(),
    );
}

test('a saved brand colour and logo apply at once, the logo in the header', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('admin');
  await expect(page.getByRole('link', { name: 'Abmelden' })).toBeAttached({ timeout: 30_000 });
  const primary = primaryOf(page);
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const url = `/api/admin/branding/${DEMO_CUSTOMER}`;
  const before = (await (await page.request.get(url, { maxRetries: 1, headers })).json()) as object;
  try {
    // The demo customer selected: the app is in its colour.
    await page.goto('/customer/select');
    await page.getByTestId('select-customer').click();
    await page.getByTestId('select-customer').fill('Muster Hydraulik');
    await page.getByRole('option', { name: /Muster Hydraulik Kunde GmbH/ }).click();
    await page.getByTestId('select-apply').click();

    await page.goto('/settings');
    await page.getByTestId('branding-customer').click();
    await page.getByRole('option', { name: /Muster Hydraulik Kunde GmbH/ }).click();
    await page.getByRole('button', { name: 'Rot' }).click();
    await expect(page.getByTestId('branding-preview')).toHaveAttribute('data-color', '#fa5252');
    await page.getByTestId('branding-favicon').fill('/favicon.svg');
    const painted = await primary();
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    await page.getByTestId('branding-save').click();
    await expect(page.getByText('Branding gespeichert.')).toBeVisible();

    // No reload: the theme's primary colour is the new one (as a fresh load paints it).
    await expect.poll(primary, { timeout: 30_000 }).not.toBe(painted);
    const live = await primary();
    const logo = page.getByRole('banner').getByRole('img', { name: 'Muster Hydraulik Kunde GmbH' });
    await expect(logo).toBeVisible();
    expect(navigations).toEqual([]);
    await page.reload();
    await expect(logo).toBeVisible({ timeout: 30_000 });
    expect(await primary()).toBe(live);

    // A 390 px phone: the logo stays small and the header no wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(logo).toBeVisible();
    const box = await logo.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(32.5);
    expect(box?.width ?? 0).toBeLessThanOrEqual(64.5);
    const overflow = await page
      .getByRole('banner')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await page.request.put(url, { maxRetries: 1, headers, data: before });
  }
});
