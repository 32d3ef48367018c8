import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { HoseFormPage } from './pages/hose-pages';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER, MachinePages } from './pages/machine-pages';
import { goOffline, pendingCount } from './pages/offline';
import { serverRows } from './pages/server-api';

/**
 * End to end: with the network off, edit a machine and one of its hoses; reload; close
 * the page and open the app again; back online the server has each change exactly once (one
 * new version each) and the header's pending count went from 2 to 0.
 */
test('offline edits survive a reload and a reopened page, then reach the server exactly once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const position = `Halle ${stamp}`;
  const length = String(1000 + (Number(stamp) % 8000));
  const machines = new MachinePages(page);

  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  await machines.openList();
  await machines.cards().first().click();
  await expect(page).toHaveURL(new RegExp(`/customer/${DEMO_CUSTOMER}/machine/[0-9a-f-]{36}$`));
  const machineId = page.url().split('/').pop() ?? '';
  const [machineBefore] = await serverRows(page, 'machine', [
    { key: 'id', param: 'eq', value: machineId },
  ]);
  const [hoseBefore] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'machineId', param: 'eq', value: machineId },
  ]);
  expect(machineBefore && hoseBefore).toBeTruthy();
  const hoseId = String(hoseBefore?.id);
  const base = `/customer/${DEMO_CUSTOMER}/machine/${machineId}`;

  await goOffline(page, context);
  const seen: number[] = [];

  // Edit the machine.
  await page.goto(`${base}/update`);
  await machines.field(/Position am Standort/).fill(position);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByTestId('sync-pending')).toHaveText('1');
  seen.push(await pendingCount(page));

  // Edit one of its hoses.
  await page.goto(`${base}/parts/pipes/${hoseId}`);
  const hose = new HoseFormPage(page);
  await hose.length().fill(length);
  await hose.save();
  await expect(page.getByTestId('sync-pending')).toHaveText('2');
  seen.push(await pendingCount(page));

  // A reload offline (from the service worker's cache) keeps both changes and the count.
  await page.reload();
  await expect(page.getByTestId('sync-pending')).toHaveText('2');
  await page.goto(`${base}/parts/pipes/${hoseId}`);
  await expect(hose.length()).toHaveValue(length);

  // The page is closed; the app is opened again, still offline.
  await page.close();
  const again = await context.newPage();
  await again.goto(`${base}/update`);
  await expect(again.getByTestId('sync-pending')).toHaveText('2');
  await expect(new MachinePages(again).field(/Position am Standort/)).toHaveValue(position);
  seen.push(await pendingCount(again));

  // Back online: the outbox drains and the server has each change once.
  await context.setOffline(false);
  await expect(again.getByTestId('sync-pending')).toHaveCount(0, { timeout: 30_000 });
  seen.push(await pendingCount(again));
  expect(seen).toEqual([1, 2, 2, 0]);

  const machineRows = await serverRows(again, 'machine', [
    { key: 'id', param: 'eq', value: machineId },
  ]);
  expect(machineRows).toHaveLength(1);
  expect(machineRows[0]).toMatchObject({
    positionOnLocation: position,
    version: Number(machineBefore?.version) + 1,
  });
  const hoseRows = await serverRows(again, 'machinepart/hosepipe', [
    { key: 'id', param: 'eq', value: hoseId },
  ]);
  expect(hoseRows).toHaveLength(1);
  expect(hoseRows[0]).toMatchObject({
    length: Number(length),
    version: Number(hoseBefore?.version) + 1,
  });
});
