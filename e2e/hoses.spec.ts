import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { HoseFormPage, HoseListPage } from './pages/hose-pages';
import { LoginPage } from './pages/login-page';
import { goOffline, goOnlineAndSync } from './pages/offline';
import { serverRows } from './pages/server-api';

const CUSTOMER = '01936b2e-0000-7000-8000-00000000c001';
/** The demo customer's fourth machine ('Hydraulikpresse HP 250'). */
const MACHINE = '01936b2e-0005-7000-8000-000000000004';

test('offline: a hose is created, a duplicate code refused, the hose edited, then synced once', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  const list = new HoseListPage(page);
  const form = new HoseFormPage(page);
  await list.goto(CUSTOMER, MACHINE);

  await goOffline(page, context);
  await list.openCreate();
  // The code is suggested from the company's prefix ('HM') and the hoses on the device.
  await expect(form.code()).toHaveValue(/^HM-\d{6}$/);
  const code = await form.code().inputValue();
  await form.length().fill('1500');
  await form.save();
  // The list is virtualised: the new hose (last by position) is found by the search.
  await list.search(code);
  await expect(list.hoseLink(code)).toBeVisible();

  // A second hose with the same code is refused at the field, and nothing is saved.
  await list.openCreate();
  await form.code().fill(code.toLowerCase());
  await form.save();
  await expect(form.fieldError('Der gewählte Code existiert bereits.')).toBeVisible();
  await expect(page).toHaveURL(/\/parts\/pipes\/create$/);
  await form.cancelChanges();
  await list.search(code);
  await expect(list.count()).toHaveText(/^1 von \d+ Schlauchleitungen$/);
  await expect(list.hoseLink(code)).toHaveCount(1);

  // Edit the new hose while still offline.
  await list.hoseLink(code).click();
  await expect(form.length()).toHaveValue('1500');
  await form.length().fill('2500');
  await form.save();
  await list.search(code);
  await expect(list.hoseLink(code)).toBeVisible();

  await goOnlineAndSync(page, context);
  const rows = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'code', param: 'eq', value: code },
  ]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ code, length: 2500, machineId: MACHINE });
});
