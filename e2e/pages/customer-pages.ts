import { expect, type Page } from '@playwright/test';

/** Demo customers (server/src/modules/demo): kunde belongs to the first. */
export const DEMO_CUSTOMER_ID = '01936b2e-0000-7000-8000-00000000c001';
export const DEMO_CUSTOMER_NAME = 'Muster Hydraulik Kunde GmbH';
export const OTHER_DEMO_CUSTOMER_ID = '01936b2e-0000-7000-8000-00000000c002';

export interface AddressInput {
  street: string;
  houseNumber?: string;
  zip: string;
  city: string;
  distance?: string;
}

export interface ContactInput {
  firstName?: string;
  lastName: string;
  position?: string;
  email?: string;
}

/** The customer list, form and dashboard (German labels: the e2e browser's locale). */
export class CustomerPages {
  constructor(private readonly page: Page) {}

  async openList() {
    await this.page.getByTestId('nav-myCustomers').click();
    await expect(this.page).toHaveURL(/\/customer$/);
  }

  createButton() {
    return this.page.getByTestId('customer-create');
  }

  editButton() {
    return this.page.getByTestId('customer-edit');
  }

  deleteButton() {
    return this.page.getByTestId('customer-delete');
  }

  /** The last address/contact card of the form (the one just added). */
  private lastRow(testId: 'address-row' | 'contact-row') {
    return this.page.getByTestId(testId).last();
  }

  async fillGeneral(name: string, extra: { customerNumber?: string; email?: string } = {}) {
    await this.page.getByTestId('customer-name').fill(name);
    const form = this.page.getByTestId('customer-form');
    if (extra.customerNumber)
      await form.getByLabel('Kundennummer').first().fill(extra.customerNumber);
    if (extra.email) await form.getByLabel('E-Mail').first().fill(extra.email);
  }

  async addAddress(a: AddressInput) {
    await this.page.getByRole('button', { name: 'Adresse hinzufügen' }).click();
    const row = this.lastRow('address-row');
    await row.getByLabel('Straße').fill(a.street);
    if (a.houseNumber) await row.getByLabel('Hausnummer').fill(a.houseNumber);
    await row.getByLabel('PLZ').fill(a.zip);
    await row.getByLabel('Ort').fill(a.city);
    if (a.distance) await row.getByLabel('Entfernung (km)').fill(a.distance);
  }

  async addContact(c: ContactInput) {
    await this.page.getByRole('button', { name: 'Ansprechpartner hinzufügen' }).click();
    const row = this.lastRow('contact-row');
    if (c.firstName) await row.getByLabel('Vorname').fill(c.firstName);
    await row.getByLabel('Nachname').fill(c.lastName);
    if (c.position) await row.getByLabel('Position').fill(c.position);
    if (c.email) await row.getByLabel('E-Mail').fill(c.email);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Speichern' }).click();
  }

  async expectDashboard(name: string) {
    await expect(this.page.getByRole('heading', { level: 2, name })).toBeVisible({
      timeout: 30_000,
    });
  }
}
