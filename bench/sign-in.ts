/** The demo customer signed in through the embedded provider's form, as a user does. */
import type { Page } from '@playwright/test';

export async function signInAsCustomer(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('#username').fill('kunde');
  await page.locator('#password').fill('demo');
  await page.locator('#kc-login').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/realms/') && u.pathname !== '/auth/login');
}
