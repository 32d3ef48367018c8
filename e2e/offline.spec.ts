import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

test('offline: a reload opens the cached shell with the signed-in user', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  const shell = new AppShell(page);
  await shell.expectSignedInAs('Tom Techniker');
  // Wait until the service worker controls the page, so the reload is served from its cache.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
    }
  });
  await context.setOffline(true);
  await page.reload();
  await shell.expectSignedInAs('Tom Techniker');
  await expect(page.getByTestId('online-indicator')).toContainText(/Offline/i);
  // The menu names the app's version from the build, not "unknown", without the server.
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  await expect(page.getByTestId('app-version')).toHaveText(`Version ${version}`);
  // A lazily loaded screen still opens offline (its chunk is precached).
  await shell.navItem('machines').click();
  await expect(page).toHaveURL(/\/customer|\/machines|\/machine/);
  await context.setOffline(false);
});
