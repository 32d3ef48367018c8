import { expect, type Page } from '@playwright/test';

const LANGUAGE_CODES = { Deutsch: 'de', English: 'en-gb', Français: 'fr' } as const;

/** The signed-in app: header with the user's name, menu, language switcher. */
export class AppShell {
  constructor(private readonly page: Page) {}

  userName() {
    return this.page.getByTestId('user-full-name');
  }

  async expectSignedInAs(fullName: string) {
    await expect(this.userName()).toHaveText(fullName);
  }

  /**
   * Picks a language in the header and waits until the choice is remembered (the `locale`
   * cookie, written once the language's texts are loaded), so a navigation right after it
   * renders in that language.
   */
  async switchLanguage(label: 'Deutsch' | 'English' | 'Français') {
    await this.page
      .getByRole('banner')
      .getByRole('button', { name: /sprache|language|langue/i })
      .click();
    await this.page.getByRole('menuitem', { name: label }).click();
    const code = LANGUAGE_CODES[label];
    await expect
      .poll(async () => {
        const cookies = await this.page.context().cookies();
        return cookies.find((c) => c.name === 'locale')?.value;
      })
      .toBe(code);
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
