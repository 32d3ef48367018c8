import { expect, type Page } from '@playwright/test';

/** A machine's hose list (`…/machine/{id}/parts/pipes`) and the hose create/edit form. */
export class HoseListPage {
  constructor(private readonly page: Page) {}

  async goto(customerId: string, machineId: string) {
    await this.page.goto(`/customer/${customerId}/machine/${machineId}/parts/pipes`);
    await expect(this.page.getByTestId('hose-count')).toBeVisible({ timeout: 30_000 });
  }

  async openCreate() {
    await this.page.getByTestId('hose-create').click();
    await expect(this.page.getByTestId('pipe-form')).toBeVisible();
  }

  async search(text: string) {
    await this.page.getByTestId('hose-search').fill(text);
  }

  count() {
    return this.page.getByTestId('hose-count');
  }

  hoseLink(code: string) {
    return this.page
      .getByTestId('hose-virtual-list')
      .getByRole('link', { name: code, exact: true });
  }
}

export class HoseFormPage {
  constructor(private readonly page: Page) {}

  code() {
    return this.page.getByRole('textbox', { name: /^Code/ });
  }

  length() {
    return this.page.getByRole('textbox', { name: /^Länge/ });
  }

  async save() {
    await this.page.getByRole('button', { name: 'Speichern' }).click();
  }

  /**
   * Cancel a changed form: the unsaved-changes question asks, and the user leaves. A click
   * landing while the refused save still scrolls to its first invalid field can miss the link
   * on a busy machine (the question never came, nothing navigated): it is clicked again until
   * the question comes.
   */
  async cancelChanges() {
    const cancel = this.page.getByRole('link', { name: 'Abbrechen' });
    const leave = this.page.getByRole('button', { name: 'Verlassen' });
    await expect(async () => {
      if (!(await leave.isVisible())) await cancel.click({ timeout: 5_000 });
      await expect(leave).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await leave.click();
  }

  fieldError(text: string) {
    return this.page.getByTestId('pipe-form').getByText(text);
  }
}
