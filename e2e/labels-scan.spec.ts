import { expect, test, type Page } from './fixtures';
import { hoseLink } from '../src/domain/rules/hose-link';
import { decodeLabelQrs } from '../tests/helpers/label-qr';
import { pdfText } from '../tests/helpers/pdf';
import { AppShell } from './pages/app-shell';
import { seedMachineWithHoses } from './pages/dguv-pages';
import { HoseListPage } from './pages/hose-pages';
import { LoginPage } from './pages/login-page';
import { DEMO_CUSTOMER } from './pages/machine-pages';
import { goOffline } from './pages/offline';
import { LabelPages, labelVideo, launchWithCamera, ScanPages } from './pages/scan-pages';
import { serverRows } from './pages/server-api';

/**
 * Hose labels and the scanner: the office prints a machine's label sheet and a
 * hose's label, every code in the PDF's text and every QR code decoding to the hose's link;
 * a technician's phone, offline, films a label and the scan opens the hose — during a running
 * audit straight into its check; codes not on the device, and no camera, are said so.
 */

const baseUrl = () => String(test.info().project.use.baseURL);

async function signIn(page: Page, user: string, name: string) {
  await page.goto('/');
  await new LoginPage(page).signIn(user);
  await new AppShell(page).expectSignedInAs(name);
}

async function openMachineHoses(page: Page, machineId: string, count: number) {
  await new HoseListPage(page).goto(DEMO_CUSTOMER, machineId);
  await expect(page.getByTestId('hose-count')).toHaveText(`${count} Schlauchleitungen`, {
    timeout: 30_000,
  });
}

test('the office prints a machine label sheet and one hose label; each QR opens its hose', async ({
  page,
}) => {
  await signIn(page, 'buero', 'Bea Büro');
  // 26 hoses: a full A4 sheet of 24 and two on the next.
  const { machineId, codes } = await seedMachineWithHoses(page, 26, []);
  await openMachineHoses(page, machineId, 26);
  const labels = new LabelPages(page);
  const links = codes.map((code) => hoseLink(baseUrl(), code));

  await labels.open('labels-print', 'a4-3x8');
  const sheet = await labels.download();
  const text = await pdfText(sheet);
  for (const code of codes) expect(text).toContain(code);
  expect(await decodeLabelQrs(sheet, 'a4-3x8', codes.length)).toEqual(links);

  // Two chosen hoses on the label printer's roll, one label per page.
  await labels.open('labels-print', 'roll-62');
  await labels.choose([codes[4] ?? '', codes[20] ?? '']);
  const roll = await labels.download();
  expect(await decodeLabelQrs(roll, 'roll-62', 2)).toEqual([links[4], links[20]]);

  // One hose's label from its page.
  const [pipe] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'code', param: 'eq', value: codes[7] },
  ]);
  await page.goto(
    `/customer/${DEMO_CUSTOMER}/machine/${machineId}/parts/pipes/${String(pipe?.id)}`,
  );
  await labels.open('label-print', 'a4-3x8');
  const one = await labels.download();
  expect(await pdfText(one)).toContain(codes[7]);
  expect(await decodeLabelQrs(one, 'a4-3x8', 1)).toEqual([links[7]]);
});

test('offline, a phone films a label: the hose opens, in a running audit its check', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'techniker', 'Tom Techniker');
  const { machineId, codes } = await seedMachineWithHoses(page, 3, []);
  const [pipe] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'code', param: 'eq', value: codes[1] },
  ]);
  const pipeId = String(pipe?.id);
  const browser = await launchWithCamera(await labelVideo(hoseLink(baseUrl(), codes[1] ?? '')));
  try {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const phone = await context.newPage();
    await signIn(phone, 'techniker', 'Tom Techniker');
    // The device has synchronised the machine's hoses; then the network goes.
    await openMachineHoses(phone, machineId, 3);
    await goOffline(phone, context);
    const scan = new ScanPages(phone);

    await scan.openFromHeader();
    await expect(phone).toHaveURL(new RegExp(`/parts/pipes/${pipeId}$`), { timeout: 30_000 });
    await expect(phone.getByRole('textbox', { name: /^Code/ })).toHaveValue(codes[1] ?? '');
    await expect(scan.dialog()).toHaveCount(0);

    // A label's link opened by the phone's own camera app, for a hose not on this device.
    await phone.goto('/h/XX-404404');
    await expect(phone.getByTestId('hose-link-unknown')).toContainText(
      'Die Schlauchleitung XX-404404 ist nicht auf diesem Gerät.',
    );
    await scan.typeCode(codes[0] ?? '', phone.getByRole('main'));
    await expect(phone.getByRole('textbox', { name: /^Code/ })).toHaveValue(codes[0] ?? '');

    // During a running audit of the machine, the scan opens the hose's check.
    await phone.goto(`/dguv?machine=${machineId}`);
    const start = phone.getByRole('button', { name: 'Prüfung starten' });
    const discard = phone.getByRole('button', { name: 'Verwerfen und neu starten' });
    await expect(start).toBeVisible({ timeout: 30_000 });
    // Another test's audit may be running for this user (the screen then asks at once).
    const asked = await discard.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    await (asked ? discard : start).click();
    await expect(phone).toHaveURL(/\/dguv\/audit$/);
    await scan.openFromAudit();
    await expect(phone).toHaveURL(new RegExp(`/dguv/audit/check-pipe\\?pipe=${pipeId}$`), {
      timeout: 30_000,
    });
    await expect(phone.getByTestId('check-current-hose')).toContainText(codes[1] ?? '');
    await context.close();
  } finally {
    await browser.close();
  }
});

test('a hose not on this device, or no camera: the scan says so, and a typed code opens', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'techniker', 'Tom Techniker');
  const { machineId, codes } = await seedMachineWithHoses(page, 2, []);
  const code = codes[0] ?? '';
  const unknown = 'XX-404404';

  // Playwright's own Chromium has no camera and grants none: either is said, with the field.
  await page.setViewportSize({ width: 390, height: 844 });
  await openMachineHoses(page, machineId, 2);
  await goOffline(page, context);
  const scan = new ScanPages(page);
  await scan.openFromHeader();
  await expect(scan.cameraError()).toHaveText(
    /Kein Zugriff auf die Kamera|keine nutzbare Kamera|Kamera konnte nicht gestartet werden/,
    { timeout: 20_000 },
  );
  await scan.typeCode(unknown);
  await expect(scan.dialog().getByText(`Die Schlauchleitung ${unknown} ist nicht`)).toBeVisible();
  await scan.typeCode(code);
  await expect(page.getByRole('textbox', { name: /^Code/ })).toHaveValue(code);

  // A camera filming the label of a hose this device does not have.
  const browser = await launchWithCamera(await labelVideo(hoseLink(baseUrl(), unknown)));
  try {
    const phoneContext = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    await signIn(phone, 'techniker', 'Tom Techniker');
    await openMachineHoses(phone, machineId, 2);
    await goOffline(phone, phoneContext);
    const phoneScan = new ScanPages(phone);
    await phoneScan.openFromHeader();
    await expect(phoneScan.notice()).toContainText(
      `Die Schlauchleitung ${unknown} ist nicht auf diesem Gerät.`,
      { timeout: 30_000 },
    );
    // Scanning goes on; the code can still be typed.
    await expect(phoneScan.video()).toBeVisible();
    await phoneScan.typeCode(code);
    await expect(phone.getByRole('textbox', { name: /^Code/ })).toHaveValue(code);
    await phoneContext.close();
  } finally {
    await browser.close();
  }
});
