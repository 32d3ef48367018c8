import { expect, type Page } from '@playwright/test';

/** The signed-in app: header with the user's name, menu, language switcher. */
export class AppShell {
  constructor(private readonly page: Page) {}

  userName() {
    return this.page.getByTestId('user-full-name');
  }

  async expectSignedInAs(fullName: string) {
    await expect(this.userName()).toHaveText(fullName);
  }

  async switchLanguage(label: 'Deutsch' | 'English' | 'Français') {
    await this.page
      .getByRole('banner')
      .getByRole('button', { name: /sprache|language|langue/i })
      .click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  navItem(key: string) {
    return this.page.getByTestId(`nav-${key}`);
  }
}
