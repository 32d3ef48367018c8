import { expect, type Page } from '@playwright/test';

/** The users screen (/admin/user) and the sign-in page's new-password step. */
export class AdminUserPages {
  constructor(private readonly page: Page) {}

  row(username: string) {
    return this.page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  }

  async createUser(user: {
    username: string;
    firstName: string;
    lastName: string;
    roleLabel: string;
    password: string;
  }) {
    await this.page.getByTestId('user-create').click();
    const dialog = this.page.getByRole('dialog', { name: 'Benutzer anlegen' });
    await dialog.getByLabel('Benutzername').fill(user.username);
    await dialog.getByLabel('Vorname').fill(user.firstName);
    await dialog.getByLabel('Nachname').fill(user.lastName);
    await dialog.getByLabel(user.roleLabel).check();
    await dialog.getByLabel('Einmalpasswort').fill(user.password);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(user.username)).toBeVisible();
  }

  async lock(username: string, fullName: string) {
    await this.row(username)
      .getByRole('button', { name: `Aktionen für ${fullName}` })
      .click();
    await this.page.getByRole('menuitem', { name: 'Sperren' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Sperren' }).click();
    await expect(this.row(username).getByTestId('user-locked')).toBeVisible();
  }
}

/** Keycloak's "update password" step after a one-time password (same element ids). */
export async function setNewPasswordOnSignIn(page: Page, password: string) {
  await expect(page.locator('#password-new')).toBeVisible();
  await page.locator('#password-new').fill(password);
  await page.locator('#password-confirm').fill(password);
  await page.locator('#kc-login').click();
}
