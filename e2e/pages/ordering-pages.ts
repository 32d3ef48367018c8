import { expect, type Page } from '@playwright/test';
import { serverRows } from './server-api';

/**
 * The ordering path on a phone (German UI): a DGUV report's defect list with its
 * "Order replacement" button, the customer's cart with the quantity stepper, the checkout
 * form and the open orders list.
 */
export interface DefectReport {
  url: string;
  companyId: string;
}

/** A demo DGUV audit of the customer (the demo data has an approved and a completed one). */
export async function demoDguvReport(page: Page, companyId: string): Promise<DefectReport> {
  const byCompany = [{ key: 'companyId', param: 'eq', value: companyId }];
  // Only machines with a location can order (the cart is per location); other tests on the
  // same server add audits of machines without one.
  const placed = new Set(
    (await serverRows(page, 'machine', byCompany)).filter((m) => m.locationId).map((m) => m.id),
  );
  const audits = (await serverRows(page, 'audit/dguv', byCompany)).filter((a) =>
    placed.has(a.machineId),
  );
  const audit = audits.find((a) => a.state === 'APPROVED') ?? audits[0];
  if (!audit) throw new Error('no DGUV audit in the demo data');
  const machineId = String(audit.machineId);
  return {
    url: `/customer/${companyId}/machine/${machineId}/dguv/${String(audit.id)}`,
    companyId,
  };
}

/** "Einzelpreis netto: 1.089,94 €" → 108994 */
export function cents(text: string): number {
  const match = /([\d.]+,\d{2})\s*€/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in ${text}`);
  return Number(match[1].replace(/\./g, '').replace(',', ''));
}

/** 108994 → "1.089,94 €" as the German UI writes it. */
export function euro(amount: number): string {
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
    amount / 100,
  );
}

export class OrderingPages {
  /** The defect `openReport` chose: the order goes to that hose even if the buttons of others appear later. */
  private chosenCode: string | null = null;

  constructor(private readonly page: Page) {}

  /** Opens the report; resolves with the hose code of the first defect that can be ordered. */
  async openReport(report: DefectReport): Promise<string> {
    await this.page.goto(report.url);
    const defect = this.firstOrderableDefect();
    await expect(defect).toBeVisible({ timeout: 30_000 });
    const title = await defect.locator('p').first().innerText();
    // "Pos. {position} · {code}"
    this.chosenCode = title.split(' · ').slice(1).join(' · ').trim();
    return this.chosenCode;
  }

  firstOrderableDefect() {
    return this.page
      .getByTestId('defect')
      .filter({ has: this.page.getByTestId('order-replacement') })
      .first();
  }

  /** One tap on "Order replacement"; the notice shows the line's price; on to the cart. */
  async orderReplacement(companyId: string) {
    const defect = this.chosenCode
      ? this.page.getByTestId('defect').filter({ hasText: this.chosenCode })
      : this.firstOrderableDefect();
    await defect.getByTestId('order-replacement').click();
    await expect(this.page.getByTestId('added-line')).toContainText('€', { timeout: 20_000 });
    await this.page.getByRole('link', { name: 'Zum Warenkorb' }).click();
    await expect(this.page).toHaveURL(new RegExp(`/customer/${companyId}/cart$`));
  }

  cartLine() {
    return this.page.getByTestId('cart-line').first();
  }

  async increaseQuantity(times: number, expected: number) {
    const line = this.cartLine();
    await expect(line).toBeVisible({ timeout: 20_000 });
    for (let i = 0; i < times; i++) {
      await line.getByRole('button', { name: 'Menge erhöhen' }).click();
    }
    await expect(line.getByRole('textbox', { name: 'Menge' })).toHaveValue(String(expected));
    // The stepper sends once the user stops; the line's total follows the sent quantity.
    const unit = cents(await line.getByText(/Einzelpreis netto/).innerText({ timeout: 5_000 }));
    await expect(line.getByTestId('line-total')).toHaveText(euro(unit * expected));
  }

  /** Online: the server's answer clears the line's "price confirmed when sent" marker. */
  async waitForServerPrice() {
    await expect(this.cartLine().getByText('Preis wird beim Senden bestätigt')).toBeHidden({
      timeout: 30_000,
    });
  }

  async toCheckout() {
    await this.page.getByTestId('cart-checkout').first().click();
    await expect(this.page).toHaveURL(/\/cart\/checkout\/[0-9a-f-]{36}$/);
    await expect(this.page.getByTestId('checkout')).toBeVisible();
    return this.page.url().split('/').pop() ?? '';
  }

  /** Picks the first offered entry of a Mantine select by its label. */
  private async pick(label: string) {
    const input = this.page.getByRole('combobox', { name: label });
    await input.click();
    await this.page.getByRole('option').first().click();
    await expect(input).not.toHaveValue('');
  }

  async fillCheckout() {
    await this.pick('Lieferadresse');
    await this.pick('Rechnungsadresse');
    await this.pick('Ansprechpartner');
    await this.page.getByTestId('accept-terms').check();
    await this.page.getByTestId('accept-privacy').check();
  }

  async submit() {
    await this.page.getByTestId('checkout-submit').click();
    await expect(this.page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  }

  /** The order's card under open orders. */
  async openOrderCard(orderId: string) {
    await this.page.goto('/orders');
    const card = this.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await expect(card).toBeVisible({ timeout: 20_000 });
    return card;
  }
}
