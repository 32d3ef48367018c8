import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { goOffline, goOnlineAndSync } from './pages/offline';
import {
  DEMO_GREASE_UNIT,
  DEMO_HYDRAULIC_UNIT,
  DEMO_MACHINE_2,
  PART_KINDS,
  PowerUnitPages,
  machineUrl,
  powerUnitUrl,
  type PartKind,
} from './pages/power-unit-pages';
import { serverRows } from './pages/server-api';

test('offline: a part of each kind created, edited and deleted; the kept one synced once', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  const units = new PowerUnitPages(page);
  await units.openPowerUnit();
  await expect(units.kindCount('tank')).toHaveText(/^\d+$/);
  const tanks = Number(await units.kindCount('tank').innerText());
  const valves = await units.kindCount('valve').innerText();
  const run = `E2E-${Date.now().toString(36)}`;

  await goOffline(page, context);
  for (const kind of Object.keys(PART_KINDS) as PartKind[]) {
    await units.openPartList(kind);
    await units.createPart(kind, `${run}-${kind}`);
    await units.editPart(kind, `${run}-${kind}`, `${run}-${kind}-2`);
    await units.deletePart(`${run}-${kind}-2`);
    await units.backToPowerUnit();
  }
  await units.openPartList('tank');
  await units.createPart('tank', `${run}-keep`);
  await units.backToPowerUnit();
  await expect(units.kindCount('tank')).toHaveText(String(tanks + 1));
  await expect(units.kindCount('valve')).toHaveText(valves);

  await goOnlineAndSync(page, context);
  const onUnit = [{ key: 'aggregateId', param: 'eq', value: DEMO_HYDRAULIC_UNIT }];
  for (const [kind, { path }] of Object.entries(PART_KINDS)) {
    const rows = await serverRows(page, path, onUnit);
    const ours = rows.filter((r) => Object.values(r).some((v) => String(v).startsWith(run)));
    if (kind === 'tank') {
      expect(ours).toEqual([expect.objectContaining({ oilArt: `${run}-keep` })]);
    } else {
      expect(ours, kind).toEqual([]);
    }
  }
});

/** Screens for review in de, en-gb and fr at desktop and phone width (POWER_UNIT_SCREENSHOTS=1). */
test('screenshots of the power-unit and part screens', async ({ page }) => {
  test.skip(!process.env.POWER_UNIT_SCREENSHOTS, 'set POWER_UNIT_SCREENSHOTS=1 to take them');
  test.setTimeout(300_000);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  const shell = new AppShell(page);
  await shell.expectSignedInAs('Tom Techniker');
  const units = new PowerUnitPages(page);
  await units.openPowerUnit();
  const screens: Array<[string, string, string]> = [
    ['list', `${machineUrl()}/parts/power-units`, 'power-unit-card'],
    ['root', powerUnitUrl(), 'part-kind-tank'],
    ['edit', `${powerUnitUrl()}/edit`, 'power-unit-form'],
    ['parts-empty', `${powerUnitUrl(DEMO_GREASE_UNIT, DEMO_MACHINE_2)}/valve`, 'empty-state'],
    ['parts-filled', `${powerUnitUrl()}/memory`, 'part-row part-card'],
    ['part-form', `${powerUnitUrl()}/motor-pump-unit/create`, 'part-form-motorPumpUnit'],
  ];
  for (const code of ['de', 'en-gb', 'fr'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await units.switchLanguage(code);
    for (const [width, height, suffix] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, url, testId] of screens) {
        await page.goto(url);
        // Several test ids: whichever the width shows (a part list is a table or cards).
        const shown = testId.split(' ').map((id) => `[data-testid="${id}"]:visible`);
        await expect(page.locator(shown.join(', ')).first()).toBeVisible({ timeout: 30_000 });
        await page.screenshot({
          path: `.tmp/screens-power-units/${name}-${code}-${suffix}.png`,
          fullPage: true,
        });
      }
    }
  }
});
