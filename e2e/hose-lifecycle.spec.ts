import { checkA11y } from './a11y';
import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { cancelRunningAudits, DguvPages, seedMachineWithHoses } from './pages/dguv-pages';
import {
  answer,
  DayPlanPage,
  DESK,
  deviceDay,
  shownDay,
  finishAudit,
  newLocation,
  PHONE,
  serverChecks,
  signedIn,
  untilSynced,
} from './pages/lifecycle-pages';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { goOffline, goOnlineAndSync } from './pages/offline';
import { OrderPages } from './pages/order-pages';
import { OrderingPages } from './pages/ordering-pages';
import { serverRows } from './pages/server-api';

/**
 * A hose's whole life end to end (docs/hose-lifecycle.md): the technician's audit finds a
 * defect, the office approves the report; the customer reorders the hose from the approved
 * report on a phone with one tap; the office completes the order and plans the technician's day
 * for the machine's location on a desktop; the technician on a 390 px phone loads "My day",
 * goes offline, swaps the hose with the delivered assembly (new production and installation
 * dates) from the plan, inspects the new hose before first use and signs, goes online and
 * syncs. The server then holds the old hose retired with its history, the new one linked to it
 * at the same position, one audit "before first use" of it, and the old hose's earlier checks
 * as they were; the plan shows the machine done.
 */
test.use({ viewport: PHONE });

const FIRST_USE_ITEMS = [
  'Unterlagen vorhanden (Herstellerangaben, Konformitätsnachweis)',
  'Schlauchleitung entspricht dem Hydraulikplan',
  'Kennzeichnung vorhanden und lesbar',
  'Einbau richtig: Biegeradius, keine Torsion, keine Scheuerstellen, Schutz',
];

const byId = (id: string) => [{ key: 'id', param: 'eq', value: id }];
const byCompany = [{ key: 'companyId', param: 'eq', value: DEMO_CUSTOMER }];

test('a hose found, reordered, delivered, planned, swapped and inspected before first use offline', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(420_000);
  const dguv = new DguvPages(page);
  // The office's desk and the customer's phone sign in meanwhile (each pulls its data first).
  const bueroReady = signedIn(browser, 'buero', 'Bea Büro', DESK);
  const kundeReady = signedIn(browser, 'kunde', 'Karl Kunde', PHONE);
  // Awaited later; a failure meanwhile is reported there, not as an unhandled rejection.
  bueroReady.catch(() => undefined);
  kundeReady.catch(() => undefined);

  // The technician's phone; a machine with one hose at a location of its own.
  await page.goto('/');
  await page.locator('#username').waitFor({ timeout: 90_000 });
  await new LoginPage(page).signIn('techniker');
  await expect(new AppShell(page).userName()).toHaveText('Tom Techniker', { timeout: 60_000 });
  await cancelRunningAudits(page);
  const stamp = String(Date.now()).slice(-6);
  const location = await newLocation(page, `Lebenslaufweg ${stamp}`);
  // The hose's technical data from a demo hose the catalogue prices, so it can be reordered.
  const orderable = (await serverRows(page, 'machinepart/hosepipe', byCompany)).find(
    (p) => p.dn && p.length && p.fittingLeft && p.fittingRight,
  );
  expect(orderable, 'a demo hose with fittings').toBeTruthy();
  const {
    machineId,
    codes: [oldCode],
  } = await seedMachineWithHoses(
    page,
    1,
    [],
    { locationId: location.id },
    {
      dn: orderable?.dn,
      maxPn: orderable?.maxPn,
      hoseType: orderable?.hoseType,
      fittingLeft: orderable?.fittingLeft,
      fittingRight: orderable?.fittingRight,
    },
  );
  const [oldHose] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'code', param: 'eq', value: oldCode },
  ]);
  const oldId = String(oldHose?.id);
  const machineUrl = `/customer/${DEMO_CUSTOMER}/machine/${machineId}`;

  // The last visit's audit: the hose's fitting is corroded, "replace" is preset.
  await page.goto(machineUrl);
  await expect(page.getByText(/Prüfstand/).first()).toBeVisible({ timeout: 60_000 });
  await page.goto(`/dguv?machine=${machineId}`);
  await dguv.startButton().click();
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
  await dguv.expectHose(oldCode!);
  await dguv.criterion(/Korrosion der Armatur/).check();
  await dguv.answerYesNo('Schutz empfohlen', false);
  await expect(
    page
      .getByRole('radiogroup', { name: 'Schlauchleitung austauschen' })
      .getByRole('radio', { name: 'Ja' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(page.getByText('1 von 1 Schlauchleitung geprüft')).toBeVisible({ timeout: 30_000 });
  const findingAudit = await finishAudit(page);
  await goOnlineAndSync(page, context);

  // The office approves the report.
  const buero = await bueroReady;
  await buero.goto(`${machineUrl}/dguv/${findingAudit}`);
  await buero.getByTestId('audit-approve').click({ timeout: 60_000 });
  await buero.getByRole('dialog').getByRole('button', { name: 'Freigeben' }).click();
  await expect
    .poll(async () => (await serverRows(buero, 'audit/dguv', byId(findingAudit)))[0]?.state, {
      timeout: 30_000,
    })
    .toBe('APPROVED');
  const oldChecksBefore = await serverChecks(buero, oldId);
  expect(oldChecksBefore).toHaveLength(1);

  // The customer reorders the hose from the approved report: one tap.
  const kunde = await kundeReady;
  const shop = new OrderingPages(kunde);
  await untilSynced(kunde, async () => {
    await kunde.goto(`${machineUrl}/dguv/${findingAudit}`);
    await expect(kunde.getByTestId('order-replacement')).toBeVisible({ timeout: 5_000 });
  });
  expect(
    await shop.openReport({ url: `${machineUrl}/dguv/${findingAudit}`, companyId: DEMO_CUSTOMER }),
  ).toBe(oldCode);
  await shop.orderReplacement(DEMO_CUSTOMER);
  await shop.waitForServerPrice();
  const orderId = await shop.toCheckout();
  await shop.fillCheckout();
  await shop.submit();
  await expect
    .poll(async () => (await serverRows(kunde, 'shop/order', byId(orderId)))[0]?.state, {
      timeout: 30_000,
    })
    .toBe('APPROVAL_PENDING');
  const [line] = await serverRows(kunde, 'shop/orderitem', [
    { key: 'orderId', param: 'eq', value: orderId },
  ]);
  expect(line?.replacesPipeId).toBe(oldId);
  await kunde.context().close();

  // The office releases the order, has it made in the workshop and marks it complete.
  const office = new OrderPages(buero);
  await buero.goto(`/orders/${orderId}`);
  await untilSynced(buero, () =>
    expect(buero.getByTestId('order-action-release')).toBeVisible({ timeout: 4_000 }),
  );
  // The order screen's accessibility scan first: under load it could still run when the
  // confirm dialog below fades in, and read its colours half-way.
  await checkA11y(buero);
  await office.action('order-action-release');
  await office.expectState('Freigegeben');
  await office.lineCheckbox(0).check();
  await office.button('Als Werkstatt markieren').click();
  await office.expectState('In der Werkstatt');
  await office.action('order-action-complete');
  await office.confirm();
  await office.expectState('Abgeschlossen');

  // The office plans the technician's day at that location on the desktop.
  const plan = new DayPlanPage(buero);
  await plan.goto();
  await plan.customer();
  await plan.location(location.label);
  await plan.technician();
  await expect(plan.machines()).toHaveCount(1);
  await expect(plan.machines()).toContainText('1 Ersatzschlauch einbauen');
  await expect(buero.getByRole('table')).toContainText(`1 · ${oldCode}`);
  await plan.save();
  await expect(plan.notice()).toContainText('Der Plan ist gespeichert');
  const today = await deviceDay(page);
  await expect
    .poll(
      async () =>
        (await serverRows(buero, 'dayplan')).filter(
          (p) => Array.isArray(p.machineIds) && p.machineIds.includes(machineId),
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await buero.context().close();

  // The technician loads "My day" online; from here on the phone is offline.
  await page.goto('/day-plan/mine');
  // Today's plan with this machine (another spec on the server may plan today too).
  const [machineRow] = await serverRows(page, 'machine', byId(machineId));
  const card = page
    .getByTestId('my-plan')
    .filter({ hasText: shownDay(today) })
    .filter({ hasText: String(machineRow?.internalId) });
  await untilSynced(page, () =>
    expect(card.getByTestId('my-plan-install')).toHaveText(
      `Einbauen: Position 1 (${oldCode}) ersetzen`,
      { timeout: 4_000 },
    ),
  );
  await expect(card.getByTestId('plan-progress')).toHaveText('0 von 1 Maschinen erledigt');
  await goOffline(page, context);

  // The swap from the plan: the delivered assembly with its own production and installation dates.
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const lastMonth = new Date(Date.UTC(y, m - 2, 1));
  const production = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${lastMonth.getUTCFullYear()}`;
  const productionDay = lastMonth.toISOString().slice(0, 10);
  const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  await card.getByTestId('my-plan-install').click();
  const swap = page.getByTestId('pipe-swap-form');
  await expect(swap).toBeVisible({ timeout: 30_000 });
  await swap
    .getByRole('textbox', { name: /^Herstelldatum der neuen Schlauchleitung/ })
    .fill(production);
  const installed = swap.getByRole('textbox', { name: /^Einbaudatum/ });
  await installed.fill(yesterday.split('-').reverse().join('.'));
  await installed.press('Tab');
  const newCode = await swap
    .getByRole('textbox', { name: /^Code der neuen Schlauchleitung/ })
    .inputValue();
  await swap.getByRole('textbox', { name: /^Grund des Austauschs/ }).fill('Korrosion der Armatur');
  await swap.getByRole('button', { name: 'Austausch speichern' }).click();
  await expect(swap).toBeHidden({ timeout: 15_000 });
  await expect(page).not.toHaveURL(new RegExp(oldId));
  const newId = page.url().split('?')[0]!.split('/').pop() ?? '';

  // The inspection before first use: the start says so and preselects the occasion.
  await page.goto(`/dguv?machine=${machineId}`);
  await expect(
    page.getByText('1 neue Schlauchleitung ist vor der ersten Inbetriebnahme zu prüfen.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('radio', { name: /^Prüfung vor der ersten Inbetriebnahme/ }),
  ).toBeChecked();
  await dguv.startButton().click();
  await expect(page.getByText('0 von 1 Schlauchleitung geprüft')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
  if (newCode) await dguv.expectHose(newCode);
  await dguv.criterion('In Ordnung').click();
  await expect(dguv.criterion('In Ordnung')).toBeChecked();
  await answer(page, 'Schutz empfohlen', false);
  await answer(page, 'Schlauchleitung austauschen', false);
  for (const item of FIRST_USE_ITEMS) await answer(page, item, true);
  await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(page.getByText('1 von 1 Schlauchleitung geprüft')).toBeVisible({ timeout: 30_000 });
  const firstUseAudit = await finishAudit(page);

  // The plan's progress, still offline.
  await page.goto('/day-plan/mine');
  await expect(card.getByTestId('plan-progress')).toHaveText('1 von 1 Maschinen erledigt', {
    timeout: 30_000,
  });
  await expect(card.getByTestId('my-plan-machine')).toContainText('Erledigt');
  await expect(card.getByTestId('my-plan-install')).toHaveCount(0);

  await goOnlineAndSync(page, context);

  // The server: the old hose retired and linked forward, the new one back, same position.
  const [oldNow] = await serverRows(page, 'machinepart/hosepipe', byId(oldId));
  const [newNow] = await serverRows(page, 'machinepart/hosepipe', byId(newId));
  expect(oldNow?.retiredAt).toBeTruthy();
  expect(oldNow).toMatchObject({
    successorId: newId,
    machineId,
    position: 1,
    retiredReason: 'Korrosion der Armatur',
  });
  expect(newNow).toMatchObject({
    predecessorId: oldId,
    successorId: null,
    retiredAt: null,
    machineId,
    position: 1,
    productionDate: productionDay,
    installationDate: yesterday,
  });
  // The delivered line knows the hose it became.
  const [lineNow] = await serverRows(page, 'shop/orderitem', byId(String(line?.id)));
  expect(lineNow?.installedPipeId).toBe(newId);

  // Exactly one audit "before first use", and it holds the new hose's only check.
  const audits = await serverRows(page, 'audit/dguv', [
    { key: 'machineId', param: 'eq', value: machineId },
  ]);
  const firstUse = audits.filter((a) => a.occasion === 'FIRST_USE' && !a.deletedAt);
  expect(firstUse.map((a) => [a.id, a.state])).toEqual([[firstUseAudit, 'COMPLETE']]);
  const newChecks = await serverChecks(page, newId);
  expect(newChecks.map((c) => c.auditId)).toEqual([firstUseAudit]);
  expect(newChecks[0]?.firstUseChecklist).toEqual({
    documents: true,
    assembly: true,
    marking: true,
    installation: true,
  });

  // The old hose's history is as it was.
  expect(await serverChecks(page, oldId)).toEqual(oldChecksBefore);
  const [finding] = await serverRows(page, 'audit/dguv', byId(findingAudit));
  expect(finding?.state).toBe('APPROVED');

  // The plan reads done after the sync as well.
  await page.reload();
  await expect(card.getByTestId('plan-progress')).toHaveText('1 von 1 Maschinen erledigt', {
    timeout: 30_000,
  });
});
