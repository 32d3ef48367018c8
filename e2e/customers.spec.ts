import { expect, test, type Locator } from './fixtures';
import { AppShell } from './pages/app-shell';
import {
  CustomerPages,
  DEMO_CUSTOMER_ID,
  DEMO_CUSTOMER_NAME,
  OTHER_DEMO_CUSTOMER_ID,
} from './pages/customer-pages';
import { LoginPage } from './pages/login-page';
import { goOffline, goOnlineAndSync } from './pages/offline';
import { serverRows } from './pages/server-api';

test('offline: the office creates a customer with an address and a contact, synced once', async ({
  page,
  context,
}) => {
  // Sign-in, a form filled offline, the sync and the page's accessibility scan: about a minute
  // on a quiet machine, more beside the other lanes.
  test.setTimeout(150_000);
  await page.goto('/');
  await new LoginPage(page).signIn('buero');
  await new AppShell(page).expectSignedInAs('Bea Büro');
  const customers = new CustomerPages(page);
  const name = `E2E Kunde ${Date.now()}`;

  await goOffline(page, context);
  await customers.openList();
  await customers.createButton().click();
  await customers.fillGeneral(name, { customerNumber: 'K-E2E', email: 'info@e2e.example' });
  await customers.addAddress({
    street: 'Hafenstraße',
    houseNumber: '7',
    zip: '28195',
    city: 'Bremen',
    distance: '12,5',
  });
  await customers.addContact({ firstName: 'Erika', lastName: 'Muster', position: 'Einkauf' });
  await customers.save();

  await customers.expectDashboard(name);
  const id = /\/customer\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  await expect(page.getByTestId('customer-locations')).toContainText('Hafenstraße 7');
  await expect(page.getByTestId('customer-locations')).toContainText('12,5 km');
  await expect(page.getByTestId('customer-contacts')).toContainText('Erika Muster');
  // Creating a customer does not switch the active one; choosing it is one tap.
  await expect(page.getByTestId('customer-active')).toHaveCount(0);
  await page.getByTestId('customer-make-active').click();
  await expect(page.getByTestId('customer-active')).toBeVisible();

  await goOnlineAndSync(page, context);
  const companies = await serverRows(page, 'company', [{ key: 'name', param: 'eq', value: name }]);
  expect(companies).toHaveLength(1);
  expect(companies[0]).toMatchObject({ id, customerNumber: 'K-E2E', email: 'info@e2e.example' });
  const filter = [{ key: 'companyId', param: 'eq', value: id }];
  const locations = await serverRows(page, 'company/location', filter);
  expect(locations).toEqual([
    expect.objectContaining({
      street: 'Hafenstraße',
      city: 'Bremen',
      distance: 12.5,
      type: 'MAIN',
    }),
  ]);
  const contacts = await serverRows(page, 'company/contact', filter);
  expect(contacts).toEqual([expect.objectContaining({ firstName: 'Erika', lastName: 'Muster' })]);
});

test("a customer user opening another customer's page lands on their own, read-only", async ({
  page,
}) => {
  await page.goto('/');
  await new LoginPage(page).signIn('kunde');
  await new AppShell(page).expectSignedInAs('Karl Kunde');
  await page.goto(`/customer/${OTHER_DEMO_CUSTOMER_ID}`);
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER_ID}$`));
  const customers = new CustomerPages(page);
  await customers.expectDashboard(DEMO_CUSTOMER_NAME);
  await expect(page.getByTestId('customer-locations')).toBeVisible();
  await expect(customers.editButton()).toHaveCount(0);
  await expect(customers.deleteButton()).toHaveCount(0);
  await expect(page.getByRole('button', { name: /löschen|bearbeiten|anlegen/i })).toHaveCount(0);
  await expect(page.getByText('Stahlbau Beispiel AG')).toHaveCount(0);
});

/** Screens for review in de, en-gb and fr at desktop and phone width (CUSTOMER_SCREENSHOTS=1). */
test('screenshots of the customer screens and the start page', async ({ page }) => {
  test.skip(!process.env.CUSTOMER_SCREENSHOTS, 'only on request');
  test.setTimeout(300_000);
  await page.goto('/');
  await new LoginPage(page).signIn('buero');
  const shell = new AppShell(page);
  await shell.expectSignedInAs('Bea Büro');
  const languages = [
    ['de', 'Deutsch'],
    ['en-gb', 'English'],
    ['fr', 'Français'],
  ] as const;
  const sizes = [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const;
  const shot = (name: string) =>
    page.screenshot({ path: `.tmp/screens-customers/${name}.png`, fullPage: true });
  for (const [lang, label] of languages) {
    await shell.switchLanguage(label);
    for (const [size, viewport] of sizes) {
      await page.setViewportSize(viewport);
      const at = async (path: string, ready: string | Locator[], name: string) => {
        await page.goto(path);
        const shown = typeof ready === 'string' ? [page.getByTestId(ready).first()] : ready;
        for (const l of shown) await expect(l).toBeVisible({ timeout: 30_000 });
        await shot(`${lang}-${name}-${size}`);
      };
      await at('/customer/select', 'select-all-customers', 'select');
      await page.getByTestId('select-all-customers').click();
      await at('/', 'office-start', 'start-none');
      await at('/customer', 'customer-row', 'list');
      await at(`/customer/${DEMO_CUSTOMER_ID}/edit`, 'address-row', 'edit');
      await at(`/customer/${DEMO_CUSTOMER_ID}`, 'customer-locations', 'dashboard');
      await page.getByTestId('customer-make-active').click();
      // The figures, not their loading skeletons.
      const figures = [
        page.getByTestId('count-pipes').getByText(/^\d+$/),
        page.getByTestId('dguv-figure-green'),
        page.getByTestId('due-pipes'),
      ];
      await at('/', figures, 'start');
    }
  }
});
