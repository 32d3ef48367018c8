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

  /** Waits until the device's first sync has finished (the header shows its time, German). */
  async waitForFirstSync() {
    await expect(this.page.getByRole('group', { name: 'Synchronisierungsstatus' })).toContainText(
      /Zuletzt \d/,
      { timeout: 30_000 },
    );
  }

  navItem(key: string) {
    return this.page.getByTestId(`nav-${key}`);
  }
}
