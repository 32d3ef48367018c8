import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER, DEMO_MACHINE } from './pages/power-unit-pages';
import { serverRows } from './pages/server-api';

/**
 * On a 390 px phone: the machine dashboard counts the machine's
 * reports, not only its uploaded files; a failed save brings the first invalid field into
 * view, focused, with its message.
 */
test.use({ viewport: { width: 390, height: 844 } });

const machine = `/customer/${DEMO_CUSTOMER}/machine/${DEMO_MACHINE}`;

test('the machine dashboard counts its DGUV, inspection and maintenance reports', async ({
  page,
}) => {
  await page.goto('/');
  await new LoginPage(page).signIn('admin');
  await expect(new AppShell(page).userName()).toBeVisible({ timeout: 30_000 });
  const byMachine = [{ key: 'machineId', param: 'eq', value: DEMO_MACHINE }];
  const documents = await serverRows(page, 'document', byMachine);
  const expected = {
    DGUV: (await serverRows(page, 'audit/dguv', byMachine)).length,
    INSPECTION: (await serverRows(page, 'report/inspection', byMachine)).length,
    MAINTENANCE: (await serverRows(page, 'report/maintenance', byMachine)).length,
  };
  expect(expected.DGUV).toBeGreaterThan(0);
  await page.goto(machine);
  for (const [kind, reports] of Object.entries(expected)) {
    const files = documents.filter((d) => d.kind === kind).length;
    await expect(page.getByTestId(`document-count-${kind}`)).toHaveText(String(reports + files), {
      timeout: 30_000,
    });
  }
});

test('a failed save scrolls to the first invalid field, focuses it and says why', async ({
  page,
}) => {
  await page.goto('/');
  await new LoginPage(page).signIn('admin');
  await expect(new AppShell(page).userName()).toBeVisible({ timeout: 30_000 });
  await page.goto(`${machine}/parts/pipes/create`);
  const code = page.getByRole('textbox', { name: /Code/ }).first();
  await expect(code).toBeVisible({ timeout: 30_000 });
  await code.fill('');
  // Save sits at the bottom of a long form: the code field is far out of view.
  const save = page.getByRole('button', { name: 'Speichern' });
  await save.scrollIntoViewIfNeeded();
  await expect(code).not.toBeInViewport();
  await save.click();
  await expect(code).toBeInViewport();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Dieses Feld ist erforderlich.').first()).toBeInViewport();
});
