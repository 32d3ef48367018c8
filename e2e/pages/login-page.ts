import { expect, test, type Browser, type Page } from '@playwright/test';

/** The identity provider's login page (ours or Keycloak's: same element ids). */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async expectVisible() {
    // A fresh browser context boots the app before it is sent here: allow a loaded runner's pace.
    await expect(this.page.locator('#username')).toBeVisible({ timeout: 30_000 });
    await expect(this.page).toHaveURL(/\/realms\/hydraulik\/login-actions\//);
  }

  async signIn(username: string, password = 'demo') {
    await this.expectVisible();
    await this.page.locator('#username').fill(username);
    await this.page.locator('#password').fill(password);
    await this.page.locator('#kc-login').click();
  }

  error() {
    return this.page.getByRole('alert');
  }
}

/** A second user in a browser context of its own, signed in and on `url`. */
export async function signInFresh(browser: Browser, user: string, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(url);
  await new LoginPage(page).signIn(user);
  return page;
}
