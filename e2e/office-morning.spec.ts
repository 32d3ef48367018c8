import { expect, test, type Browser, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { OrderPages, submitOrderViaApi } from './pages/order-pages';
import { accessToken } from './pages/server-api';

/** The demo customer's first machine (hoses in every DGUV state of the overview). */
const MACHINE = '01936b2e-0005-7000-8000-000000000001';

/**
 * The office's morning, end to end as `admin`: money typed in the German format (three
 * decimals, letters and a sign refused with a message), the hose code prefix stored in
 * capitals, a user's access chosen and a username without spaces, and the work list one tap
 * away with a customer selected, the start screen naming that customer; and the smaller
 * points, a declined order among them.
 */
async function signIn(page: Page, user = 'admin') {
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn(user);
  await expect(page.getByRole('link', { name: 'Abmelden' })).toBeAttached({ timeout: 30_000 });
}

async function newPage(browser: Browser, user: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Words of the element's text that the browser broke across two lines. */
async function wordsBrokenInside(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const broken: string[] = [];
    for (const el of elements) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

test('the office morning: money, prefix, access and the work list', async ({ page }) => {
  // Every step waits on a shared, busy machine: five screens and a fresh server's first sign-in.
  test.setTimeout(360_000);
  await signIn(page);

  // Company settings: the surcharge refuses a sign, letters and a third decimal.
  await page.goto('/settings');
  const surcharge = page.getByTestId('settings-surcharge');
  const prefix = page.getByTestId('settings-prefix');
  await expect(prefix).not.toHaveValue('', { timeout: 30_000 });
  const oldPrefix = await prefix.inputValue();
  const oldSurcharge = await surcharge.inputValue();
  for (const [typed, message] of [
    ['-5', 'Der Betrag darf nicht negativ sein.'],
    ['abc', 'Bitte einen Betrag in Euro eingeben, zum Beispiel 1.234,50 oder 12,34.'],
    ['12,345', 'Höchstens zwei Nachkommastellen (Cent), zum Beispiel 12,34.'],
  ]) {
    await surcharge.fill(typed!);
    await page.getByTestId('settings-save').click();
    await expect(page.getByText(message!)).toBeVisible();
  }
  // A lower-case prefix is stored in capitals; the surcharge as typed.
  await surcharge.fill('1.234,5');
  await prefix.fill(oldPrefix.toLowerCase());
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(/^Einstellungen gespeichert/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('settings-surcharge')).toHaveValue('1234,50', { timeout: 30_000 });
  await expect(page.getByTestId('settings-prefix')).toHaveValue(oldPrefix.toUpperCase());
  await page.getByTestId('settings-surcharge').fill(oldSurcharge);
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(/^Einstellungen gespeichert/).first()).toBeVisible();

  // Product form: '12,345' € is refused, not saved as 12.345,00 €.
  await page.goto('/admin/shop/product-list');
  await page.getByTestId('product-new').click();
  const form = page.getByTestId('product-form');
  await form.getByLabel(/^Nettopreis/).fill('12,345');
  await page.getByTestId('product-save').click();
  await expect(
    form.getByText('Höchstens zwei Nachkommastellen (Cent), zum Beispiel 12,34.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Abbrechen' }).click();

  // Users: a staff user needs a role, and a username has no spaces.
  await page.goto('/admin/user');
  await page.getByTestId('user-create').click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer anlegen' });
  await dialog.getByLabel('Benutzername').fill('max mustermann');
  await dialog.getByLabel('Einmalpasswort').fill('Einmal-123');
  await expect(dialog.getByText('DGUV-Prüfungen durchführen.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    dialog.getByText('Nur Buchstaben, Ziffern sowie . _ - und @, ohne Leerzeichen.'),
  ).toBeVisible();
  await expect(
    dialog.getByText('Bitte wählen Sie mindestens eine Rolle oder verknüpfen Sie einen Kunden.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  // A second customer with the same customer number is refused. (Leaving the refused form
  // asks first; the browser's question is answered with yes.)
  page.on('dialog', (d) => void d.accept());
  await page.goto('/customer/create');
  await page.getByLabel(/^Name/).first().fill('Doppelte Nummer KG');
  await page.getByLabel(/^Kundennummer/).fill('K-90001');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.goto('/customer/create');
  await page.getByLabel(/^Name/).first().fill('Doppelte Nummer Zwei KG');
  await page.getByLabel(/^Kundennummer/).fill('k-90001');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Diese Kundennummer hat bereits ein anderer Kunde.')).toBeVisible();

  // No customer selected: the selection is the one current menu entry, not Machines too.
  await page.goto('/customer/select');
  await expect(page.getByTestId('nav-selectCustomer')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('nav [aria-current="page"]')).toHaveCount(1);

  // A customer selected: the start names it, and the work list is one tap away.
  await page.goto('/customer/select');
  const customer = page.getByTestId('select-customer');
  await customer.click();
  await customer.fill('Muster Hydraulik');
  await page.getByRole('option', { name: /Muster Hydraulik Kunde GmbH/ }).click();
  await page.getByTestId('select-apply').click();
  await page.goto('/');
  await expect(page.getByTestId('active-customer')).toContainText(
    'Aktiver Kunde: Muster Hydraulik Kunde GmbH',
    { timeout: 30_000 },
  );
  await page.getByRole('link', { name: 'Arbeitsliste' }).first().click();
  await expect(page).toHaveURL(/\/work$/);
  await expect(page.getByTestId('office-start')).toBeVisible();
  await page.goto('/');
  await page.getByTestId('active-customer-all').click();
  await expect(page.getByTestId('office-start')).toBeVisible();
});

test('the office morning: the smaller points', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signIn(page);
  const shell = new AppShell(page);

  // The app shell's first tab stop skips to the content: once the shell is there, Tab from the
  // start of the document lands on it.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Abmelden' })).toBeAttached({ timeout: 30_000 });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await expect(page.getByTestId('skip-link')).toHaveText('Zum Inhalt springen');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // A new address takes the focus to its first field; phone "abc" and postcode "ABCDE" are
  // refused with their own messages, and the summary names every invalid field.
  page.on('dialog', (d) => void d.accept());
  await page.goto('/customer/create');
  await page.getByRole('button', { name: 'Adresse hinzufügen' }).click();
  await expect(
    page
      .getByTestId('address-row')
      .last()
      .getByLabel(/^Straße/),
  ).toBeFocused();
  await page
    .getByTestId('address-row')
    .last()
    .getByLabel(/^Straße/)
    .fill('Postweg');
  await page.getByTestId('address-row').last().getByLabel(/^Ort/).fill('Dortmund');
  await page.getByTestId('address-row').last().getByLabel(/^PLZ/).fill('ABCDE');
  await page
    .getByLabel(/^Telefon/)
    .first()
    .fill('abc');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText('Bitte eine Telefonnummer aus Ziffern eingeben, zum Beispiel +49 231 555100.'),
  ).toBeVisible();
  await expect(page.getByText(/^Bitte eine gültige Postleitzahl eingeben/)).toBeVisible();
  await expect(
    page.getByText('Bitte prüfen Sie die markierten Felder: Name, Telefon und PLZ'),
  ).toBeVisible();
  await page.goto('/');

  // The active customer is named in the header and on the machine list.
  await page.goto('/customer/select');
  const customer = page.getByTestId('select-customer');
  await customer.click();
  await customer.fill('Muster Hydraulik');
  await page.getByRole('option', { name: /Muster Hydraulik Kunde GmbH/ }).click();
  // The invoice address (a PO box) is no location to narrow the machines to.
  await expect(page.getByTestId('select-locations')).toBeVisible();
  await expect(page.getByTestId('select-locations')).not.toContainText('Postfach');
  await page.getByTestId('select-apply').click();
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine`);
  await expect(page.getByTestId('header-active-customer')).toHaveText(
    'Kunde: Muster Hydraulik Kunde GmbH',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('main')).toContainText('Kunde: Muster Hydraulik Kunde GmbH');

  // A machine's location is never the invoice address.
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine/create`);
  await page.getByTestId('machine-location').click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('option', { name: /Postfach/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // An unknown machine: a not-found state, titled so, with the way back to the list.
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine/01936b2e-0005-7000-8000-0000000000ff`);
  await expect(page.getByRole('heading', { name: 'Nicht gefunden', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle('Nicht gefunden - Schlauchmanager');
  await page.getByTestId('row-not-found-back').click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/machine$`));
  await expect(page).toHaveTitle(/^Maschinen/);

  // French DGUV overview on a desktop: labels wrap between words, never inside one.
  await page.goto(`/customer/${DEMO_CUSTOMER}/machine/${MACHINE}`);
  await shell.switchLanguage('Français');
  await expect(page.getByTestId('dguv-figures')).toContainText('Conformes', { timeout: 30_000 });
  expect(await wordsBrokenInside(page, '[data-testid="dguv-figures"]')).toEqual([]);
  await shell.switchLanguage('Deutsch');

  // A deactivated user is shown on request and reactivated after a question.
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const username = `weg-${Date.now()}`;
  const created = await page.request.post('/api/cms/profile', {
    maxRetries: 1,
    headers,
    data: {
      username,
      firstName: 'Wieder',
      lastName: 'Da',
      email: null,
      roles: ['module-dguv'],
      customerId: null,
      password: 'Einmal-123',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const userId = ((await created.json()) as { id: string }).id;
  expect(
    (await page.request.delete(`/api/cms/profile/${userId}`, { maxRetries: 1, headers })).status(),
  ).toBe(204);
  await page.goto('/admin/user');
  const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  await expect(page.getByTestId('user-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveCount(0);
  await page.getByLabel('Deaktivierte Benutzer anzeigen').check();
  await expect(row.getByTestId('user-deactivated')).toHaveText('Deaktiviert');
  await row.getByRole('button', { name: 'Wieder Da reaktivieren' }).click();
  const question = page.getByRole('dialog', { name: 'Benutzer reaktivieren?' });
  await question.getByRole('button', { name: 'Reaktivieren' }).click();
  await expect(page.getByText('Wieder Da ist wieder aktiv.')).toBeVisible();
  await expect(row.getByTestId('user-deactivated')).toHaveCount(0);
  await page.getByLabel('Deaktivierte Benutzer anzeigen').uncheck();
  await expect(row).toHaveCount(1);

  // A release while the server cannot be reached: said, and kept to be sent.
  const kunde = await newPage(browser, 'kunde');
  const orderId = await submitOrderViaApi(kunde, DEMO_CUSTOMER);
  const orders = new OrderPages(page);
  await expect(async () => {
    await orders.gotoOrder(orderId);
    await orders.expectState('Wartet auf Freigabe');
  }).toPass({ timeout: 60_000 });
  await page.route('**/api/sync/**', (route) => route.abort('connectionrefused'));
  await orders.action('order-action-release');
  const pending = page.getByTestId('order-change-pending');
  await expect(pending).toContainText('„Freigegeben“ ist noch nicht beim Server angekommen.');
  await expect(pending).toContainText('Der Server ist gerade nicht erreichbar.', {
    timeout: 30_000,
  });
  await orders.expectState('Wartet auf Freigabe');
  await page.unroute('**/api/sync/**');
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await orders.expectState('Freigegeben');
  }).toPass({ timeout: 90_000 });
  await expect(pending).toHaveCount(0);

  // Declining asks why; the order then reads "Abgelehnt" (not "Storniert") with its reason,
  // and its history names who declined and why — for the office and for the customer.
  const declinedId = await submitOrderViaApi(kunde, DEMO_CUSTOMER);
  await expect(async () => {
    await orders.gotoOrder(declinedId);
    await orders.expectState('Wartet auf Freigabe');
  }).toPass({ timeout: 60_000 });
  await orders.action('order-action-decline');
  const decline = page.getByRole('dialog', { name: 'Bestellung ablehnen?' });
  await decline.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(
    decline.getByText('Bitte geben Sie einen Grund für die Ablehnung an.'),
  ).toBeVisible();
  await decline.getByLabel(/Grund der Ablehnung/).fill('Schlauchtyp nicht lieferbar');
  await decline.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(orders.state()).toHaveText('Abgelehnt', { timeout: 60_000 });
  await expect(page.getByTestId('decline-reason-shown')).toHaveText(
    'Grund der Ablehnung: Schlauchtyp nicht lieferbar',
  );
  const declineStep = page.getByTestId('order-history-step').last();
  await expect(declineStep).toContainText('Abgelehnt');
  await expect(declineStep).toContainText('Anna Admin');
  await expect(declineStep).toContainText('Grund: Schlauchtyp nicht lieferbar');
  const own = new OrderPages(kunde);
  await expect(async () => {
    await own.gotoOrder(declinedId);
    await own.expectState('Abgelehnt');
  }).toPass({ timeout: 90_000 });
  await expect(kunde.getByTestId('order-history-step').last()).toContainText(
    'Grund: Schlauchtyp nicht lieferbar',
  );
  await kunde.goto('/orders/complete');
  await expect(own.card(declinedId).getByTestId('order-state')).toHaveText('Abgelehnt');
  await kunde.context().close();
});
