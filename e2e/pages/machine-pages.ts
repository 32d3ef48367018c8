import { expect, type Locator, type Page } from '@playwright/test';

/** The demo customer of the `kunde` user (server/src/modules/demo). */
export const DEMO_CUSTOMER = '01936b2e-0000-7000-8000-00000000c001';

/** Machine list, creation wizard, dashboard, edit and documents screens. */
export class MachinePages {
  constructor(private readonly page: Page) {}

  listUrl(customerId = DEMO_CUSTOMER) {
    return `/customer/${customerId}/machine`;
  }

  async openList(customerId = DEMO_CUSTOMER) {
    await this.page.goto(this.listUrl(customerId));
    await expect(this.cards().first()).toBeVisible({ timeout: 30_000 });
  }

  cards() {
    return this.page.getByTestId('machine-card');
  }

  // --- wizard ---
  submitWizard() {
    return this.page.getByRole('button', {
      name: /Maschine anlegen|Create machine|Créer la machine/,
    });
  }

  wizardErrors() {
    return this.page.getByTestId('wizard-errors');
  }

  tab(name: RegExp) {
    return this.page.getByRole('tab', { name });
  }

  async choose(input: Locator, option: string) {
    await input.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async chooseManufacturer(name: string) {
    await this.choose(this.page.getByTestId('manufacturer-select').first(), name);
  }

  field(label: RegExp) {
    return this.page.getByRole('textbox', { name: label });
  }

  async addPowerUnit() {
    await this.page.getByTestId('power-unit-add').click();
  }

  powerUnit(index: number) {
    return this.page.getByTestId('power-unit-fields').nth(index);
  }

  async setPowerUnitType(index: number, label: string) {
    await this.choose(this.powerUnit(index).getByTestId('power-unit-type'), label);
  }

  // --- dashboard ---
  powerUnitLinks() {
    return this.page.getByTestId('machine-power-units').getByRole('link');
  }

  editButton() {
    return this.page.getByTestId('machine-edit');
  }
}
