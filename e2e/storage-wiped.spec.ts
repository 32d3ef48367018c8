import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER, MachinePages } from './pages/machine-pages';
import { goOffline } from './pages/offline';
import { accessToken } from './pages/server-api';

/**
 * End to end (docs/sync.md "Storage at risk"): a technician saves a change offline; the
 * browser deletes the app's IndexedDB database before it was sent. The marker kept outside
 * IndexedDB lets the next start find the loss: the user is told how much was lost, and the
 * device's report to the server carries it, so the office's Devices screen shows it.
 */
test('a database deleted with unsent work is reported to the user and the office', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const machines = new MachinePages(page);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await machines.openList();
  await machines.cards().first().click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/machine/[0-9a-f-]{36}$`));
  const base = new URL(page.url()).pathname;

  await goOffline(page, context);
  await page.goto(`${base}/update`);
  await machines.field(/Position am Standort/).fill(`Halle ${Date.now() % 100_000}`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('sync-pending')).toHaveText('1');

  // Unsent work on storage the browser may delete is said plainly.
  const persisted = await page.evaluate(async () =>
    navigator.storage?.persisted ? navigator.storage.persisted() : false,
  );
  if (!persisted) await expect(page.getByTestId('storage-risk-notice')).toBeVisible();

  // The marker outside IndexedDB counts the unsent change.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('schlauchmanager.outbox') ?? '{}') as {
              pending?: number;
            }
          ).pending,
      ),
    )
    .toBe(1);

  // The browser deletes the database (the open one closes on the version change).
  const deleted = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase('schlauchmanager');
        request.onsuccess = () => resolve('deleted');
        request.onerror = () => resolve(String(request.error));
      }),
  );
  expect(deleted).toBe('deleted');

  // The next start: the app's session went with the database; the identity provider still
  // knows the technician and signs them in again.
  await context.setOffline(false);
  await page.goto('/');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  const banner = page.getByTestId('storage-wiped');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('Daten auf diesem Gerät wurden gelöscht');
  await expect(banner).toContainText('1 Änderung verloren');

  // The device's report reached the server: its row says the data was wiped.
  const token = await accessToken(page);
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/sync/devices/mine', {
          maxRetries: 1,
          headers: { authorization: `Bearer ${token}` },
        });
        const devices = (await res.json()) as { report: { storageWiped: boolean } }[];
        return devices.some((d) => d.report.storageWiped);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Closed by the user, the banner stays away; the report keeps the fact.
  await banner.getByRole('button', { name: 'Verstanden' }).click();
  await expect(banner).toHaveCount(0);
});
