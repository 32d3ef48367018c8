import { expect, test, type Page } from './fixtures';
import { LoginPage } from './pages/login-page';

/**
 * The office's morning, end to end as `admin`: money typed in the German format (three
 * decimals, letters and a sign refused with a message), the hose code prefix stored in
 * capitals, a user's access chosen and a username without spaces, and the work list one tap
 * away with a customer selected, the start screen naming that customer.
 */
async function signIn(page: Page) {
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('admin');
  await expect(page.getByRole('link', { name: 'Abmelden' })).toBeAttached({ timeout: 30_000 });
}

test('the office morning: money, prefix, access and the work list', async ({ page }) => {
  test.setTimeout(240_000);
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
