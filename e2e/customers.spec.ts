import { expect, test } from '@playwright/test';
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
