import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await new LoginPage(page).signIn('admin');
  await new AppShell(page).expectSignedInAs('Anna Admin');
});

test('switching to English and French is kept after a reload', async ({ page, context }) => {
  const shell = new AppShell(page);
  await shell.switchLanguage('English');
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(shell.navItem('machines')).toHaveText(/Machines/);
  await page.reload();
  await shell.expectSignedInAs('Anna Admin');
  await expect(shell.navItem('machines')).toHaveText(/Machines/);

  await shell.switchLanguage('Français');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(shell.navItem('machines')).toHaveText(/Machines/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('fr');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 364 * 86_400_000);
});

test('an unknown path shows the 404 page inside the app', async ({ page }) => {
  await page.goto('/das-gibt-es-nicht');
  await expect(page.getByText('Fehler 404')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
});

test('the app is installable: manifest, icons and an active service worker', async ({
  page,
  request,
}) => {
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({
    name: 'Schlauchmanager',
    display: 'standalone',
    start_url: '/',
  });
  const sizes = manifest.icons.map(
    (i: { sizes: string; purpose?: string }) => `${i.sizes}/${i.purpose ?? 'any'}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
});
