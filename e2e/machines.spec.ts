import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER, MachinePages } from './pages/machine-pages';
import { goOffline, goOnlineAndSync } from './pages/offline';
import { TAKE_SHOTS } from './pages/screenshots';
import { serverRows } from './pages/server-api';

const MISSING =
  'Es fehlen Angaben: Hersteller, Inventarnummer und der Typ jedes Aggregats sind erforderlich.';

test('offline: the machine wizard with two power units and its validation, edited, then synced', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const internalId = `E2E-${Date.now()}`;
  const machines = new MachinePages(page);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await machines.openList();
  await goOffline(page, context);

  await page.getByTestId('machine-create').click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/machine/create$`));

  // Nothing filled in: data is missing, at the top and at the fields.
  await machines.submitWizard().click();
  await expect(machines.wizardErrors()).toHaveText(MISSING);
  await expect(page.getByText(MISSING)).toHaveCount(3);

  await machines.chooseManufacturer('Bosch Rexroth');
  await machines.field(/Inventarnummer/).fill(internalId);
  await machines.field(/Maschinentyp/).fill('Prüfpresse PP 50');
  await machines.field(/Position am Standort/).fill('Halle 9');
  await machines.tab(/Hydraulikaggregate/).click();
  await machines.addPowerUnit();
  await machines.addPowerUnit();
  await machines.setPowerUnitType(0, 'Hydraulikaggregat');
  await machines.powerUnit(1).getByRole('textbox', { name: 'Seriennummer' }).fill('SN 4711');

  // The second unit has no type: data is missing, the wizard stays on the power units tab.
  await machines.tab(/Maschinendaten/).click();
  await machines.submitWizard().click();
  await expect(machines.wizardErrors()).toHaveText(MISSING);
  await expect(machines.tab(/Hydraulikaggregate/)).toHaveAttribute('aria-selected', 'true');
  await expect(machines.powerUnit(1).getByText(MISSING)).toBeVisible();

  await machines.setPowerUnitType(1, 'Schmieraggregat');
  await machines.submitWizard().click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/machine/[0-9a-f-]{36}$`));
  const machineId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: 'Bosch Rexroth Prüfpresse PP 50' })).toBeVisible();
  await expect(machines.powerUnitLinks()).toHaveCount(2);

  // Edit offline: the position changes.
  await machines.editButton().click();
  await machines.field(/Position am Standort/).fill('Halle 10');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`/machine/${machineId}$`));
  await expect(page.getByText('Halle 10')).toBeVisible();

  await goOnlineAndSync(page, context);
  const onServer = await serverRows(page, 'machine', [
    { key: 'internalId', param: 'eq', value: internalId },
  ]);
  expect(onServer).toHaveLength(1);
  expect(onServer[0]).toMatchObject({ id: machineId, positionOnLocation: 'Halle 10' });
  const units = await serverRows(page, 'machinepart/aggregate', [
    { key: 'machineId', param: 'eq', value: machineId },
  ]);
  expect(units.map((u) => u.type).sort()).toEqual(['GREASE', 'HYDRAULIC']);
});

const LANGUAGES = [
  ['de', 'Deutsch'],
  ['en-gb', 'English'],
  ['fr', 'Français'],
] as const;
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const SHOTS = '.tmp/screens-machines';

test('the machine screens at phone and desktop width (all languages shot with SCREENSHOTS=1); a PDF document uploads', async ({
  page,
}) => {
  test.setTimeout(300_000);
  page.on('dialog', (d) => void d.accept());
  const machines = new MachinePages(page);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  const shell = new AppShell(page);
  await expect(shell.userName()).toHaveText('Tom Techniker', { timeout: 30_000 });
  await machines.openList();
  await machines.cards().first().click();
  await expect(page).toHaveURL(/\/machine\/[0-9a-f-]{36}$/);
  const machineUrl = new URL(page.url()).pathname;
  const machineId = machineUrl.split('/').pop() ?? '';

  // A PDF uploaded on the documents tab reaches the server (through its machine).
  await page.goto(`${machineUrl}/documents/documents`);
  await page.getByTestId('document-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles({
    name: 'Schaltplan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () =>
      (
        await serverRows(page, 'document', [{ key: 'machineId', param: 'eq', value: machineId }])
      ).map((d) => d.name),
    )
    .toEqual(['Schaltplan.pdf']);

  // Every language only when screenshots are asked for (SCREENSHOTS=1): the 360 px sweep
  // (no-overflow.spec.ts) already walks these screens in all three languages.
  for (const [lang, label] of TAKE_SHOTS ? LANGUAGES : LANGUAGES.slice(0, 1)) {
    await page.setViewportSize(VIEWPORTS[0][1]);
    await page.goto('/');
    await expect(shell.userName()).toHaveText('Tom Techniker');
    await shell.switchLanguage(label);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}$`, 'i'));
    for (const [size, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const shot = async (name: string) => {
        if (TAKE_SHOTS) {
          await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${size}.png`, fullPage: true });
        }
      };
      await machines.openList();
      await shot('list');
      await page.goto(`${machines.listUrl()}/create`);
      await machines.submitWizard().click();
      await expect(machines.wizardErrors()).toBeVisible();
      await shot('wizard-machine');
      await page.getByRole('tab').nth(1).click();
      await machines.addPowerUnit();
      await machines.submitWizard().click();
      await expect(machines.powerUnit(0).getByTestId('power-unit-type')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await page.getByRole('tab').nth(1).click();
      await shot('wizard-units');
      await page.goto(machineUrl);
      await expect(page.getByTestId('dguv-overview')).toBeVisible();
      await shot('dashboard');
      await page.goto(`${machineUrl}/update`);
      await expect(page.getByTestId('image-field')).toBeVisible();
      await shot('edit');
      await page.goto(`${machineUrl}/documents/documents`);
      await expect(page.getByTestId('document-row')).toHaveCount(1);
      await shot('documents');
      await page.goto(`${machineUrl}/documents/dguv`);
      await expect(page.getByTestId('dguv-audits-empty')).toBeVisible();
      await shot('documents-dguv');
    }
  }
});
