import { expect, test, type Page } from './fixtures';
import { AppShell } from './pages/app-shell';
import { cancelRunningAudits, DguvPages, seedMachineWithHoses } from './pages/dguv-pages';
import { LoginPage, signInFresh } from './pages/login-page';
import { goOffline, outboxSize } from './pages/offline';
import { accessToken } from './pages/server-api';

/**
 * End to end (docs/sync.md "Device reports"): a technician's phone records three DGUV checks
 * offline and holds them for more than a day (its clock moves on a day and two hours). When
 * it is in reach again, its pushes reach the server but their answers are lost on the way back
 * (a connection that drops mid-request): the device still holds the three checks as unsent,
 * and the report every push carries tells the server so (the server keeps it before it runs
 * the push). The office's Devices screen lists the phone with 3 unsent, the oldest from the
 * day before, among the problems first, and the office's start screen warns. Once the
 * connection holds, the device syncs (the server answers the checks it already took
 * `duplicate`) and the office sees it clear.
 */
test.use({ viewport: { width: 390, height: 844 } });

const DAY_AND_TWO_HOURS = 26 * 60 * 60 * 1000;

interface DeviceRow {
  clientId: string;
  oldestPendingAt: string | null;
  report: { pending: number };
}

/** The device's sync client id (the Devices screen's row key), read from its database. */
function clientIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('schlauchmanager');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const range = IDBKeyRange.bound('client:', 'client:\uffff');
          const read = open.result
            .transaction('meta', 'readonly')
            .objectStore('meta')
            .getAll(range);
          read.onsuccess = () => {
            const [stream] = read.result as { value: { clientId: string } }[];
            open.result.close();
            if (stream) resolve(stream.value.clientId);
            else reject(new Error('no client stream'));
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

async function deviceOnServer(office: Page, clientId: string): Promise<DeviceRow | undefined> {
  const res = await office.request.get('/api/sync/devices', {
    maxRetries: 1,
    headers: { authorization: `Bearer ${await accessToken(office)}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as DeviceRow[]).find((d) => d.clientId === clientId);
}

test('a phone holding three checks for a day shows on the office Devices screen, then clears', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(170_000);
  const dguv = new DguvPages(page);
  // The phone's clock is Playwright's: it runs on by itself and can be set.
  await page.clock.install();
  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await cancelRunningAudits(page);
  const { machineId, codes } = await seedMachineWithHoses(page, 3, []);

  // The audit starts online; then the network goes.
  await page.goto(`/dguv?machine=${machineId}`);
  await dguv.startButton().click();
  await expect(dguv.progress()).toHaveText('0 von 3 Schlauchleitungen geprüft', {
    timeout: 30_000,
  });
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  const clientId = await clientIdOf(page);
  await goOffline(page, context);

  // Three checks, made a day and two hours before the office looks.
  await page.clock.setSystemTime(Date.now() - DAY_AND_TWO_HOURS);
  await page.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
  for (let position = 1; position <= 3; position++) {
    await dguv.expectHose(codes[position - 1]!);
    await dguv.criterion('In Ordnung').check();
    await dguv.answerYesNo('Schutz empfohlen', false);
    await dguv.answerYesNo('Schlauchleitung austauschen', false);
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    if (position < 3) await dguv.expectHose(codes[position]!);
  }
  await expect(dguv.progress()).toHaveText('3 von 3 Schlauchleitungen geprüft');
  await expect(page.getByTestId('sync-pending')).toHaveText('3');

  // The phone's clock moves on to now; it is in reach again, but every push's answer is lost.
  await page.clock.setSystemTime(Date.now());
  await page.route('**/api/sync/push', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);

  const office = await signInFresh(browser, 'buero', '/');
  await expect(office.getByTestId('office-start')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await deviceOnServer(office, clientId))?.report.pending, {
      timeout: 60_000,
    })
    .toBe(3);
  const held = await deviceOnServer(office, clientId);
  expect(Date.now() - Date.parse(held!.oldestPendingAt!)).toBeGreaterThan(24 * 60 * 60 * 1000);
  expect(await outboxSize(page)).toBe(3);

  // The start screen warns, and its link leads to the Devices screen.
  await office.reload();
  const warning = office.getByTestId('device-warning');
  await expect(warning).toContainText('Ein Gerät hält Arbeit seit über einem Tag zurück', {
    timeout: 30_000,
  });
  await expect(warning).toContainText(/Tom Techniker \(techniker\): 3 Einträge nicht gesendet/);
  await warning.getByRole('link', { name: 'Geräte ansehen' }).click();
  await expect(office.getByRole('heading', { name: 'Geräte', level: 1 })).toBeVisible();
  const rows = office.getByTestId('device-row');
  const mine = office.locator(`[data-testid="device-row"][data-client-id="${clientId}"]`);
  await expect(mine).toContainText('Tom Techniker');
  await expect(mine.locator('td').nth(2)).toHaveText('3');
  await expect(mine.locator('td').nth(3)).not.toHaveText('—');
  await expect(mine.locator('[data-problem="oldUnsent"]')).toHaveText('Alte Arbeit nicht gesendet');
  // Problems first: every row above it has one at least as bad, none is a row without problems.
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-client-id')));
  const at = ids.indexOf(clientId);
  for (let i = 0; i < at; i++) {
    await expect(
      rows.nth(i).locator('[data-problem="storageWiped"], [data-problem="oldUnsent"]'),
    ).not.toHaveCount(0);
  }

  // The connection holds again: the phone syncs, the office sees it clear.
  await page.unroute('**/api/sync/push');
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  await expect
    .poll(async () => (await deviceOnServer(office, clientId))?.report.pending, {
      timeout: 60_000,
    })
    .toBe(0);
  await office.getByRole('button', { name: 'Neu laden' }).click();
  await expect(mine.locator('td').nth(2)).toHaveText('0');
  await expect(mine.locator('[data-problem="oldUnsent"]')).toHaveCount(0);
  await office.goto('/');
  await expect(office.getByTestId('office-start')).toBeVisible();
  await expect(office.getByTestId('device-warning')).toHaveCount(0);
});
