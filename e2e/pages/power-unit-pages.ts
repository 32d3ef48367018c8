import { expect, type Locator, type Page } from '@playwright/test';

/** Demo data (server/src/modules/demo): the kunde's customer, its first machine, power units. */
export const DEMO_CUSTOMER = '01936b2e-0000-7000-8000-00000000c001';
export const DEMO_MACHINE = '01936b2e-0005-7000-8000-000000000001';
/** The hydraulic unit of the first machine (one part of every kind). */
export const DEMO_HYDRAULIC_UNIT = '01936b2e-0006-7000-8000-000000000001';
/** The second machine's grease unit (a tank and a motor-pump unit only). */
export const DEMO_MACHINE_2 = '01936b2e-0005-7000-8000-000000000002';
export const DEMO_GREASE_UNIT = '01936b2e-0006-7000-8000-000000000003';

export type PartKind =
  | 'tank'
  | 'valve'
  | 'filter'
  | 'memory'
  | 'consumer'
  | 'controller'
  | 'safetyValve'
  | 'motorPumpUnit';

/** Per kind: its CMS path and a text field shown as a list column (German label). */
export const PART_KINDS: Record<PartKind, { path: string; textField: string }> = {
  tank: { path: 'machinepart/tank', textField: 'Ölsorte' },
  valve: { path: 'machinepart/valve', textField: 'Ventilart' },
  filter: { path: 'machinepart/filter', textField: 'Gehäuse' },
  memory: { path: 'machinepart/memory', textField: 'Seriennummer' },
  consumer: { path: 'machinepart/consumer', textField: 'Typ' },
  controller: { path: 'machinepart/controller', textField: 'Typ' },
  safetyValve: { path: 'machinepart/safetyvalve', textField: 'Typbezeichnung' },
  motorPumpUnit: { path: 'machinepart/motorpumpunit', textField: 'Pumpentyp' },
};

export const machineUrl = (machineId = DEMO_MACHINE, customerId = DEMO_CUSTOMER) =>
  `/customer/${customerId}/machine/${machineId}`;
export const powerUnitUrl = (unitId = DEMO_HYDRAULIC_UNIT, machineId = DEMO_MACHINE) =>
  `${machineUrl(machineId)}/power-unit/${unitId}`;

/** The power-unit list, root page and edit screen, and the generic part list and form. */
export class PowerUnitPages {
  constructor(private readonly page: Page) {}

  async openPowerUnit(unitId = DEMO_HYDRAULIC_UNIT, machineId = DEMO_MACHINE) {
    await this.page.goto(powerUnitUrl(unitId, machineId));
    await expect(this.kindCard('tank')).toBeVisible({ timeout: 30_000 });
  }

  /** The header's language menu; items are found by their lang attribute (labels are translated). */
  async switchLanguage(code: 'de' | 'en-gb' | 'fr') {
    await this.page
      .getByRole('banner')
      .getByRole('button', { name: /sprache|language|langue/i })
      .click();
    await this.page
      .locator(`[role="menuitem"][lang="${code === 'en-gb' ? 'en-GB' : code}"]`)
      .click();
    await expect(this.page.locator('html')).toHaveAttribute(
      'lang',
      code === 'en-gb' ? 'en-GB' : code,
    );
  }

  kindCard(kind: PartKind): Locator {
    return this.page.getByTestId(`part-kind-${kind}`);
  }

  kindCount(kind: PartKind): Locator {
    return this.kindCard(kind).getByTestId('part-count');
  }

  /** From the root page to a kind's list (in-app navigation: works offline). */
  async openPartList(kind: PartKind) {
    await this.kindCard(kind).getByRole('link').first().click();
    await expect(this.page.getByTestId('part-create')).toBeVisible();
  }

  /** From a part list back to the root page. */
  async backToPowerUnit() {
    await this.page.getByRole('link', { name: /Zum Aggregat|Back to the power unit/ }).click();
    await expect(this.kindCard('tank')).toBeVisible();
  }

  rows(text?: string): Locator {
    const rows = this.page.getByTestId('part-row');
    return text ? rows.filter({ hasText: text }) : rows;
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async save() {
    await this.page.getByRole('button', { name: 'Speichern' }).click();
  }

  async createPart(kind: PartKind, value: string) {
    await this.page.getByTestId('part-create').click();
    await this.field(PART_KINDS[kind].textField).fill(value);
    await this.save();
    await expect(this.rows(value)).toHaveCount(1);
  }

  async editPart(kind: PartKind, value: string, next: string) {
    await this.rows(value)
      .getByRole('link', { name: /bearbeiten/i })
      .click();
    const field = this.field(PART_KINDS[kind].textField);
    await expect(field).toHaveValue(value);
    await field.fill(next);
    await this.save();
    await expect(this.rows(next)).toHaveCount(1);
  }

  async deletePart(value: string) {
    await this.rows(value)
      .getByRole('button', { name: /löschen/i })
      .click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(value);
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await expect(this.rows(value)).toHaveCount(0);
  }
}
