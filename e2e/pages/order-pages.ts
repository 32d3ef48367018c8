import { expect, type Page } from '@playwright/test';
import { accessToken, serverRows } from './server-api';

/** The order list, its office queues and one order's detail with its actions. */
export class OrderPages {
  constructor(private readonly page: Page) {}

  async gotoQueue(queue: 'approve' | 'process' | 'progress') {
    await this.page.goto(`/orders?queue=${queue}`);
  }

  card(orderId: string) {
    return this.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  }

  async gotoOrder(orderId: string) {
    await this.page.goto(`/orders/${orderId}`);
    await expect(this.page.getByTestId('order-detail')).toBeVisible();
  }

  state() {
    return this.page.getByTestId('order-detail').getByTestId('order-state').first();
  }

  async expectState(label: string) {
    await expect(this.state()).toHaveText(label, { timeout: 20_000 });
  }

  async action(testId: string) {
    await this.page.getByTestId(testId).click();
  }

  async confirm() {
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /Bestätigen|Übernehmen|OK|Ja/i })
      .click();
  }

  lineCheckbox(index: number) {
    return this.page.getByTestId('order-line').nth(index).getByRole('checkbox');
  }

  button(name: string | RegExp) {
    return this.page.getByRole('button', { name });
  }
}

/**
 * Puts `lines` of the customer's hoses into the cart and submits it through the shop API
 * with the signed-in user's token (the set-up of the office run: a customer's order awaiting
 * approval). Returns the order id.
 */
export async function submitOrderViaApi(page: Page, companyId: string, lines = 2): Promise<string> {
  const token = await accessToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const byCompany = [{ key: 'companyId', param: '=', value: companyId }];
  const locations = await serverRows(page, 'company/location', byCompany);
  const contacts = await serverRows(page, 'company/contact', byCompany);
  const pipes = await serverRows(page, 'machinepart/hosepipe', byCompany);
  const main = locations.find((l) => l.type === 'MAIN') ?? locations[0];
  // Hoses made by other specs on this server may have fittings the catalogue cannot price
  // (422): add one hose at a time until `lines` of them are in the cart.
  let carts: { id: string; state: string; locationId: string }[] = [];
  let added = 0;
  for (const p of pipes) {
    if (added === lines) break;
    const add = await page.request.post('/api/shop/', {
      maxRetries: 1,
      headers,
      data: [{ pipeId: p.id, locationId: main?.id, quantity: 1 }],
    });
    if (add.status() === 422) continue;
    expect(add.ok(), await add.text()).toBe(true);
    carts = (await add.json()) as typeof carts;
    added += 1;
  }
  expect(added).toBe(lines);
  const cart = carts.find((c) => c.state === 'NEW' && c.locationId === main?.id);
  const submit = await page.request.post(`/api/shop/submit/${String(cart?.id)}`, {
    maxRetries: 1,
    headers,
    data: {
      deliveryAddressId: main?.id,
      invoiceAddressId: main?.id,
      contactId: contacts[0]?.id,
      acceptedTerms: true,
      acceptedPrivacy: true,
    },
  });
  expect(submit.ok(), await submit.text()).toBe(true);
  return String(cart?.id);
}
