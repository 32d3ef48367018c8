import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { parseHoseMarking } from '../src/domain/rules/hose-marking';
import { MARKINGS } from '../tests/fixtures/marking-images';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';
import { HoseListPage } from './pages/hose-pages';
import { LoginPage } from './pages/login-page';
import { MarkingDialog, MarkingImages } from './pages/marking-pages';
import { goOffline, goOnlineAndSync, waitForServiceWorker } from './pages/offline';
import { accessToken, serverRows } from './pages/server-api';

/**
 * "Read marking" on the hose form: photos of printed markings (generated in real formats, five
 * looks, turned and blurred) read on the device — from the gallery offline once the engine was
 * loaded on first use, and from a (fake) camera — with production date, nominal size, pressure
 * and type right on at least 90 % of them; only confirmed fields fill the form, and the photo is
 * kept with the hose and uploaded once online.
 */
const CUSTOMER = '01936b2e-0000-7000-8000-00000000c001';
/** The demo customer's fourth machine ('Hydraulikpresse HP 250'). */
const MACHINE = '01936b2e-0005-7000-8000-000000000004';

/** What the printed text itself says (the parser on the exact string). */
function expected(text: string) {
  const m = parseHoseMarking(text);
  return {
    productionDate: m.productionDate ?? null,
    dn: m.dn === undefined ? null : String(m.dn),
    maxPn: m.maxPressureBar === undefined ? null : String(m.maxPressureBar),
    hoseType: m.hoseType ?? null,
  };
}

test.setTimeout(300_000);

test('gallery photos are read offline: ≥ 90 % right, confirmed fields fill the form, the photo is kept', async ({
  page,
  context,
}) => {
  const images = await MarkingImages.open(context);
  const photos = await Promise.all(MARKINGS.map((text, n) => images.photo(text, n)));
  await images.close();

  await page.goto('/');
  await new LoginPage(page).signIn('techniker');
  await new AppShell(page).expectSignedInAs('Tom Techniker');
  const list = new HoseListPage(page);
  await list.goto(CUSTOMER, MACHINE);
  await list.openCreate();
  const dialog = new MarkingDialog(page);

  // First use, online (the service worker in control, to keep what is loaded): the dialog says
  // it loads the engine (about 4 MB) and reads.
  await waitForServiceWorker(page);
  await dialog.open();
  await expect(dialog.dialog()).toContainText('ca. 4 MB');
  await dialog.readFromGallery(photos[0]!, 120_000);
  await page.keyboard.press('Escape');
  await expect(dialog.dialog()).toBeHidden();

  // Offline, on a page loaded anew: the app, the dialog and the engine come from the device.
  await goOffline(page, context);
  await page.reload();
  await expect(page.getByTestId('pipe-form')).toBeVisible({ timeout: 30_000 });
  await dialog.open();
  const misses: string[] = [];
  const rightOnes: number[] = [];
  for (const [n, text] of MARKINGS.entries()) {
    if (n > 0) await dialog.again();
    await dialog.readFromGallery(photos[n]!);
    const read = await dialog.values();
    const want = expected(text);
    const right = (Object.keys(want) as (keyof typeof want)[]).every((k) => read[k] === want[k]);
    if (right) rightOnes.push(n);
    else misses.push(`${text} → ${JSON.stringify(read)}`);
  }
  const share = (MARKINGS.length - misses.length) / MARKINGS.length;
  expect(share, misses.join('\n')).toBeGreaterThanOrEqual(0.9);

  // A hose print with a maker, read right above, again: confirm date, DN, pressure and type —
  // not the maker.
  const n = rightOnes.find((i) => parseHoseMarking(MARKINGS[i]!).manufacturer)!;
  const first = expected(MARKINGS[n]!);
  await dialog.again();
  await dialog.readFromGallery(photos[n]!);
  for (const label of [/^Herstelldatum/, /^Nennweite/, /^Max\. Betriebsdruck/, /^Schlauchtyp/]) {
    await dialog.confirm(label).check();
  }
  await expect(dialog.confirm(/^Hersteller:/)).not.toBeChecked();
  await dialog.apply();
  await expect(page.getByRole('textbox', { name: /^Nennweite/ })).toHaveValue(first.dn!);
  await expect(page.getByRole('textbox', { name: /^Schlauchtyp/ })).toHaveValue(first.hoseType!);
  await expect(page.getByRole('textbox', { name: /^Hersteller/ })).toHaveValue('');
  const code = await page.getByRole('textbox', { name: /^Code/ }).inputValue();
  await page.getByRole('textbox', { name: /^Länge/ }).fill('900');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/parts\/pipes$/);

  await goOnlineAndSync(page, context);
  const [row] = await serverRows(page, 'machinepart/hosepipe', [
    { key: 'code', param: 'eq', value: code },
  ]);
  expect(row).toMatchObject({
    dn: Number(first.dn),
    maxPn: Number(first.maxPn),
    hoseType: first.hoseType,
    productionDate: first.productionDate,
    hoseManufacturer: null,
  });
  expect(typeof row?.markingPhotoId).toBe('string');
  // The photo is on the server (the blob queue uploaded it) and shows on the hose's screen.
  await expect(async () => {
    const res = await page.request.get(
      `/api/cms/machinepart/hosepipe/${String(row!.id)}/file?file=${String(row!.markingPhotoId)}`,
      { headers: { authorization: `Bearer ${await accessToken(page)}` } },
    );
    expect(res.status()).toBe(200);
  }).toPass({ timeout: 20_000 });
});

test('the camera path: a fake camera showing a marking is captured and read', async ({
  context,
}, testInfo) => {
  const images = await MarkingImages.open(context);
  const text = MARKINGS[2]!; // GATES … 2SN DN12 … 40.0 MPa 1Q25
  const frame = await images.frame(text, 2);
  await images.close();
  // Chromium's fake camera loops the frames of an MJPEG file (here: one frame).
  const video = testInfo.outputPath('marking.mjpeg');
  writeFileSync(video, frame);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const camera = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'de-DE',
      permissions: ['camera'],
    });
    const page = await camera.newPage();
    await page.goto('/');
    await new LoginPage(page).signIn('techniker');
    await new AppShell(page).expectSignedInAs('Tom Techniker');
    const list = new HoseListPage(page);
    await list.goto(CUSTOMER, MACHINE);
    await list.openCreate();
    const dialog = new MarkingDialog(page);
    await dialog.open();
    await dialog.dialog().getByRole('button', { name: 'Kamera' }).click();
    // The picture is playing before it is captured.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.videoWidth ?? 0))
      .toBeGreaterThan(0);
    await dialog.dialog().getByRole('button', { name: 'Aufnehmen' }).click();
    await expect(dialog.dialog().getByTestId('marking-text')).toBeVisible({ timeout: 120_000 });
    const read = await dialog.values();
    const want = expected(text);
    expect({
      productionDate: read.productionDate,
      dn: read.dn,
      maxPn: read.maxPn,
      hoseType: read.hoseType,
    }).toEqual(want);
  } finally {
    await browser.close();
  }
});
