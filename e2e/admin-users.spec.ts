import { expect, test } from './fixtures';
import { AdminUserPages, setNewPasswordOnSignIn } from './pages/admin-pages';
import { DguvPages, seedMachineWithHoses } from './pages/dguv-pages';
import { LoginPage } from './pages/login-page';
import { accessToken, serverRows } from './pages/server-api';

/**
 * End to end: `admin` creates a technician with a one-time password; the technician
 * signs in, sets their own password on the sign-in page and starts a DGUV audit; `admin` locks
 * them, and the technician's next API call is refused within a minute.
 */
test('admin creates a technician who signs in and starts an audit; locked, refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const username = `tech${String(Date.now()).slice(-6)}`;
  const users = new AdminUserPages(page);

  await page.goto('/admin');
  // The first visit after a build can be slow on a loaded machine.
  await expect(page.locator('#username')).toBeVisible({ timeout: 30_000 });
  await new LoginPage(page).signIn('admin');
  // The tile is a link named by its heading and text.
  await page.getByRole('link', { name: /^Benutzer / }).click();
  await expect(page).toHaveURL(/\/admin\/user$/);
  await users.createUser({
    username,
    firstName: 'Erika',
    lastName: 'Einmal',
    roleLabel: 'DGUV-Prüfungen',
    password: 'Einmal-123',
  });
  await expect(users.row(username).getByText('Einmalpasswort')).toBeVisible();

  // The technician, in a browser of their own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const tech = await context.newPage();
  await tech.goto('/');
  await expect(tech.locator('#username')).toBeVisible({ timeout: 30_000 });
  await new LoginPage(tech).signIn(username, 'Einmal-123');
  await setNewPasswordOnSignIn(tech, 'Eigenes-456');
  await expect(tech.getByTestId('user-full-name')).toHaveText('Erika Einmal', { timeout: 30_000 });
  const { machineId } = await seedMachineWithHoses(tech, 2, []);
  await tech.goto(`/dguv?machine=${machineId}`);
  const dguv = new DguvPages(tech);
  await dguv.startButton().click();
  await expect(dguv.progress()).toHaveText('0 von 2 Schlauchleitungen geprüft');
  await expect
    .poll(
      async () =>
        (
          await serverRows(tech, 'audit/dguv', [
            { key: 'machineId', param: 'eq', value: machineId },
          ])
        ).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
  const token = await accessToken(tech);

  // Locked by the admin: the technician's next call is refused within a minute.
  await page.reload();
  await users.lock(username, 'Erika Einmal');
  const lockedAt = Date.now();
  await expect
    .poll(
      async () =>
        (
          await tech.request.get('/api/cms/profile?self=1', {
            maxRetries: 1,
            headers: { authorization: `Bearer ${token}` },
          })
        ).status(),
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(401);
  expect(Date.now() - lockedAt).toBeLessThan(60_000);
  await context.close();
});
