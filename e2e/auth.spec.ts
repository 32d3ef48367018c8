import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

test.describe('sign-in', () => {
  test('techniker signs in through the login page and sees the dashboard with his name', async ({
    page,
  }) => {
    await page.goto('/');
    const login = new LoginPage(page);
    await login.signIn('techniker');
    await expect(page).toHaveURL(/\/$/);
    const shell = new AppShell(page);
    await shell.expectSignedInAs('Tom Techniker');
    await expect(page).toHaveTitle(/ - Schlauchmanager$/);
    // Menu entries follow permissions: a technician has no customer list and no administration.
    await expect(shell.navItem('machines')).toBeVisible();
    await expect(shell.navItem('myCustomers')).toHaveCount(0);
    await expect(shell.navItem('administration')).toHaveCount(0);
  });

  test('a deep link opened while signed out returns to that link after sign-in', async ({
    page,
  }) => {
    await page.goto('/orders/complete?tab=2');
    await expect(page).toHaveURL(/login-actions/);
    await new LoginPage(page).signIn('buero');
    await expect(page).toHaveURL(/\/orders\/complete\?tab=2$/);
    await new AppShell(page).expectSignedInAs('Bea Büro');
  });

  test('a wrong password shows a clear message and keeps the user on the login page', async ({
    page,
  }) => {
    await page.goto('/');
    const login = new LoginPage(page);
    await login.signIn('techniker', 'falsch');
    await expect(login.error()).toHaveText('Benutzername oder Passwort ist falsch.');
    await expect(page.locator('#username')).toHaveValue('techniker');
    await login.signIn('techniker', 'demo');
    await new AppShell(page).expectSignedInAs('Tom Techniker');
  });

  test('sign-out ends the session: the next visit asks for the password again', async ({
    page,
  }) => {
    await page.goto('/');
    await new LoginPage(page).signIn('admin');
    await new AppShell(page).expectSignedInAs('Anna Admin');
    await page.goto('/auth/logout');
    await new LoginPage(page).expectVisible();
    await page.goto('/settings');
    await new LoginPage(page).expectVisible();
  });
});
