import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { cancelRunningAudits, DguvPages, seedMachineWithHoses } from './pages/dguv-pages';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { goOffline, outboxSize } from './pages/offline';

/**
 * A technician (one browser context, a phone) finishes a DGUV check offline and goes
 * online; the office (another context, open and idle on the machine's DGUV tab — no reload, no
 * focus change, no click) shows the result within 2 s of the technician's device having sent
 * it. Only the server's announcement can do that: the idle page's fallback pull is minutes away.
 */
// Timing is the point here: the accessibility scan of each screen is done by the other specs.
test.use({ a11yAuto: false });

test('an office screen left open shows a DGUV check synced from another device within 2 s', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const dguv = new DguvPages(page);
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await cancelRunningAudits(page);
  const { machineId, codes } = await seedMachineWithHoses(page, 2, []);
  const machineUrl = `/customer/${DEMO_CUSTOMER}/machine/${machineId}`;

  // The office opens the machine's DGUV tab and leaves it alone.
  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  await office.goto('/');
  await new LoginPage(office).signIn('buero');
  await new AppShell(office).expectSignedInAs('Bea Büro');
  await office.goto(`${machineUrl}/documents/dguv`);
  await expect(office.getByText(/Prüfstand/).first()).toBeVisible({ timeout: 60_000 });
  await expect(office.getByRole('cell', { name: 'Freigabe ausstehend' })).toHaveCount(0);

  // The technician checks both hoses and signs, offline.
  await page.goto(machineUrl);
  await expect(page.getByText(/Prüfstand/).first()).toBeVisible({ timeout: 60_000 });
  await goOffline(page, context);
  await page.goto(`/dguv?machine=${machineId}`);
  await expect(page.getByText('2 (davon 0 kritisch)')).toBeVisible({ timeout: 30_000 });
  await dguv.startButton().click();
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
  for (const [i, code] of codes.entries()) {
    await dguv.expectHose(code);
    await dguv.criterion('In Ordnung').check();
    await dguv.answerYesNo('Schutz empfohlen', false);
    await dguv.answerYesNo('Schlauchleitung austauschen', false);
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    if (i < codes.length - 1) await dguv.expectHose(codes[i + 1]!);
  }
  // The last save is on the device before the page is left (a navigation would end it).
  await expect(dguv.progress()).toHaveText('2 von 2 Schlauchleitungen geprüft');
  await page.goto('/dguv/audit');
  await page.getByRole('link', { name: 'Prüfung beenden' }).click();
  await dguv.sign();
  await page.getByRole('button', { name: 'Prüfung abschließen' }).click();
  await expect(page).toHaveURL(new RegExp(`${machineUrl}/dguv/[0-9a-f-]{36}$`));
  expect(await outboxSize(page)).toBeGreaterThan(0);

  // Online again: once the technician's outbox is empty, the office has 2 s.
  await context.setOffline(false);
  await expect.poll(() => outboxSize(page), { timeout: 60_000, intervals: [50] }).toBe(0);
  const sent = Date.now();
  await expect(office.getByRole('cell', { name: 'Freigabe ausstehend' })).toBeVisible({
    timeout: 2_000,
  });
  const shownAfter = Date.now() - sent;
  test.info().annotations.push({ type: 'live-update-ms', description: String(shownAfter) });
  console.log(`live update on the office screen after ${shownAfter} ms`);
  expect(office.url()).toContain(`${machineUrl}/documents/dguv`);
  await officeContext.close();
});
